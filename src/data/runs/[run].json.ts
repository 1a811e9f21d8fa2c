import {parseArgs} from "node:util";
import {runDetail} from "../../../loaders/study/run-detail.js";
import {studyDir} from "../../../loaders/study/report.js";

async function load(run: string): Promise<string> {
  return JSON.stringify(await runDetail(studyDir(), run));
}

const {values} = parseArgs({options: {run: {type: "string"}}});
if (!values.run) throw new Error("runs/[run].json: missing --run=<run id>");
process.stdout.write(await load(values.run));

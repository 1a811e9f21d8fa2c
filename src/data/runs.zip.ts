// Every run's page data in one archive: Framework serves data/runs/<run>.json from it, one loader for all runs.
import {writeRunArchive} from "../../loaders/pages/run-archive.js";
import {studyDir} from "../../loaders/analysis/report.js";
import * as runSets from "../components/runSets.js";

async function load(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writeRunArchive(studyDir(), runSets, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

process.stdout.write(await load());

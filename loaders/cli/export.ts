// `tps-report export --format csv|parquet [--out FILE] [--study DIR]`: the runs table, one row per run.
import {parseArgs} from "node:util";
import {runsCsv} from "../export/csv.js";
import {runsParquet} from "../export/parquet.js";
import {writeFileAtomic} from "../export/write-atomic.js";
import {loadStudy, studyDir} from "../study/report.js";
import {notAStudy} from "./errors.js";

const USAGE = "usage: tps-report export --format csv|parquet [--out FILE] [--study DIR]";

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      options: {
        format: {type: "string"},
        out: {type: "string"},
        study: {type: "string"},
        help: {type: "boolean", short: "h"}
      }
    }));
  } catch (error) {
    process.stderr.write(`tps-report export: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (values.format !== "csv" && values.format !== "parquet") {
    process.stderr.write(`tps-report export: --format must be csv or parquet\n${USAGE}\n`);
    return 2;
  }
  if (values.format === "parquet" && !values.out && process.stdout.isTTY) {
    process.stderr.write("tps-report export: refusing to write Parquet to a terminal; use --out FILE or redirect\n");
    return 2;
  }
  const dir = values.study ?? studyDir();
  const why = notAStudy(dir);
  if (why) {
    process.stderr.write(`tps-report export: ${why}\n`);
    return 2;
  }
  const {rows} = await loadStudy(dir);
  const data = values.format === "csv" ? runsCsv(rows) : runsParquet(rows);
  if (values.out) {
    writeFileAtomic(values.out, data);
    process.stderr.write(`wrote ${rows.length} runs to ${values.out}\n`);
  } else process.stdout.write(data);
  return 0;
}

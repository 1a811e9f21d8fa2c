// `tps-report export --format csv|parquet [--aggregate] [--out FILE] [--study DIR]`: the runs table, one row per run,
// or with --aggregate the points table, one row per (step, candidate, scenario) with each metric over its repeats.
import {parseArgs} from "node:util";
import {AGGREGATE_INT_COLUMNS, studyAggregate} from "../export/aggregate.js";
import {runsCsv} from "../export/csv.js";
import {runsParquet} from "../export/parquet.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {loadStudy, studyDir} from "../analysis/report.js";
import {notAStudy} from "../runs/study-folder.js";
import {argsError} from "./usage.js";

const USAGE = "usage: tps-report export --format csv|parquet [--aggregate] [--out FILE] [--study DIR]";

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      options: {
        format: {type: "string"},
        aggregate: {type: "boolean"},
        out: {type: "string"},
        study: {type: "string"},
        help: {type: "boolean", short: "h"}
      }
    }));
  } catch (error) {
    process.stderr.write(`tps-report export: ${argsError(error, argv)}\n${USAGE}\n`);
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
  // Never export the seed in silence when the user meant their own study.
  if (!values.study)
    process.stderr.write(
      `tps-report export: no --study given; exporting ${dir} (TPS_REPORT_STUDY or --study DIR picks another)\n`
    );
  const why = notAStudy(dir);
  if (why) {
    process.stderr.write(`tps-report export: ${why}\n`);
    return 2;
  }
  const {plan, rows: runs} = await loadStudy(dir);
  const rows = values.aggregate ? studyAggregate(plan, runs) : runs;
  const intColumns = values.aggregate ? AGGREGATE_INT_COLUMNS : undefined;
  const data = values.format === "csv" ? runsCsv(rows) : runsParquet(rows, intColumns);
  if (values.out) {
    writeFileAtomic(values.out, data);
    process.stderr.write(`wrote ${rows.length} ${values.aggregate ? "points" : "runs"} to ${values.out}\n`);
  } else process.stdout.write(data);
  return 0;
}

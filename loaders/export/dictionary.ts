// The data dictionary: every column of every table a study exports, with its type, unit and formula, drawn from the
// definitions the exports are made from (columns.ts); a column with no definition is an error, never a blank line.
import {AGGREGATE_INT_COLUMNS} from "./aggregate.js";
import {
  columnMeaning,
  columnsOf,
  columnType,
  TELEMETRY_SERIES,
  type ColumnType,
  type ExportTable,
  type TableRow
} from "./columns.js";
import {REQUEST_COLUMNS, REQUEST_INT_COLUMNS} from "./requests.js";
import {TELEMETRY_INT_COLUMNS, TELEMETRY_TABLE_COLUMNS} from "./telemetry.js";

export interface DictionaryColumn {
  name: string;
  /** The Parquet file's type; the CSV holds the same values as text. */
  type: ColumnType;
  unit: string;
  formula: string;
}

export interface DictionaryTable {
  table: ExportTable;
  /** The files a page loads it from (src/data/). */
  files: string[];
  /** What one row is. */
  row: string;
  columns: DictionaryColumn[];
  /** The telemetry table's series: what its `series` column names, with the unit of `value`. */
  series?: {name: string; unit: string; formula: string}[];
}

export interface DataDictionary {
  tables: DictionaryTable[];
  /** The plan file: JSON, no columns. */
  plan: {file: string; description: string};
}

export class UndescribedColumn extends Error {}

const TABLES: {table: ExportTable; files: string[]; row: string; ints?: ReadonlySet<string>; fixed?: string[]}[] = [
  {table: "runs", files: ["data/runs.csv", "data/runs.parquet"], row: "one run: one repeat of one point"},
  {
    table: "points",
    files: ["data/aggregate.csv", "data/aggregate.parquet"],
    row: "one point (step, candidate, scenario and load), its repeats summarized",
    ints: AGGREGATE_INT_COLUMNS
  },
  {
    table: "requests",
    files: ["data/requests.csv", "data/requests.parquet"],
    row: "one request of a successful run whose result file kept its requests (--save-detailed)",
    ints: REQUEST_INT_COLUMNS,
    fixed: REQUEST_COLUMNS
  },
  {
    table: "telemetry",
    files: ["data/telemetry.csv", "data/telemetry.parquet"],
    row: "one sample of one series of one run, inside the run's measured window",
    ints: TELEMETRY_INT_COLUMNS,
    fixed: TELEMETRY_TABLE_COLUMNS
  }
];

/** The dictionary of a study's exported tables, as exported (each table's rows, in the exports' column order);
 * `printed`: the metrics its result files carry beyond tps-report's own, described as kept as read. */
export function dataDictionary(
  tables: Record<ExportTable, readonly TableRow[]>,
  printed: ReadonlySet<string> = new Set()
): DataDictionary {
  return {
    tables: TABLES.map(({table, files, row, ints, fixed}) => {
      const rows = tables[table];
      const names = fixed ?? columnsOf(rows);
      const columns = names.map((name) => {
        const meaning = columnMeaning(table, name, printed);
        if (!meaning)
          throw new UndescribedColumn(
            `the ${table} table's column ${name} has no definition in loaders/export/columns.ts`
          );
        return {name, type: columnType(name, rows, ints), ...meaning};
      });
      const series =
        table === "telemetry"
          ? Object.entries(TELEMETRY_SERIES).map(([name, meaning]) => ({name, ...meaning}))
          : undefined;
      return {table, files, row, columns, ...(series ? {series} : {})};
    }),
    plan: {
      file: "data/plan.json",
      description:
        "the study plan (study.yaml) as read and checked: objective, scenarios, steps with their candidates, SLO, claims; schema/study.schema.json describes every field"
    }
  };
}

// Parquet of the runs table with explicit types: no INT64, so browsers never see bigint.
import {parquetWriteBuffer} from "hyparquet-writer";
import {columnsOf, columnType, type TableRow} from "./columns.js";

/** intColumns: the table's INT32 columns (the runs table's by default); columns: for a table that may have no rows. */
export function runsParquet(
  rows: readonly TableRow[],
  intColumns?: ReadonlySet<string>,
  columns: readonly string[] = columnsOf(rows)
): Uint8Array {
  const columnData = columns.map((name) => {
    const type = columnType(name, rows, intColumns);
    const data = rows.map((row) => {
      const value = row[name];
      if (value == null) return null;
      return type === "STRING" ? String(value) : Number(value);
    });
    return {name, data, type};
  });
  return new Uint8Array(parquetWriteBuffer({columnData}));
}

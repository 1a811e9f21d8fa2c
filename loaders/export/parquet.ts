// Parquet of the runs table with explicit types: no INT64, so browsers never see bigint.
import {parquetWriteBuffer} from "hyparquet-writer";
import type {RunRow} from "../report-types.js";
import {columnsOf, columnType} from "./columns.js";

export function runsParquet(rows: RunRow[]): Uint8Array {
  const columnData = columnsOf(rows).map((name) => {
    const type = columnType(name, rows);
    const data = rows.map((row) => {
      const value = row[name];
      if (value == null) return null;
      return type === "STRING" ? String(value) : Number(value);
    });
    return {name, data, type};
  });
  return new Uint8Array(parquetWriteBuffer({columnData}));
}

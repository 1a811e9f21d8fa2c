// runsCsv writes each distinct text cell once through papaparse and numbers as JavaScript prints them: its output must
// be papaparse's own for the whole table, byte for byte (real tables of the seed and the ladder, and hostile cells).
import Papa from "papaparse";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {studyAggregate} from "../../loaders/export/aggregate.js";
import {columnsOf, type TableRow} from "../../loaders/export/columns.js";
import {FORMULA_TEXT, runsCsv} from "../../loaders/export/csv.js";
import {REQUEST_COLUMNS, requestRows} from "../../loaders/export/requests.js";

const papa = (rows: readonly TableRow[], columns: readonly string[] = columnsOf(rows)) =>
  Papa.unparse(
    {fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? ""))},
    {newline: "\r\n", escapeFormulae: FORMULA_TEXT}
  );

describe("the CSV writer", () => {
  it("writes the seed's runs and points tables as papaparse does", async () => {
    const study = await loadStudy("data/studies/qwen3-32b-a100");
    expect(runsCsv(study.rows)).toBe(papa(study.rows));
    const points = studyAggregate(study.plan, study.rows);
    expect(runsCsv(points)).toBe(papa(points));
  });

  it("writes the ladder's per-request table as papaparse does", async () => {
    const rows = requestRows(await loadStudy("data/studies/h200-ladder"));
    expect(rows.length).toBeGreaterThan(1000);
    expect(runsCsv(rows, REQUEST_COLUMNS)).toBe(papa(rows, REQUEST_COLUMNS));
  });

  it("writes hostile cells as papaparse does", () => {
    const cells = [
      "=1+1",
      "+cmd|' /C calc'!A0",
      "-2",
      "-2+3",
      "@SUM(1)",
      "\t=1",
      "\r=1",
      "a,b",
      'say "hi"',
      "two\nlines",
      "two\r\nlines",
      " leading",
      "trailing ",
      "",
      "ünïcode 中文",
      "1e5",
      "-1.5e-3",
      -0,
      0,
      -12.5,
      1e21,
      NaN,
      Infinity,
      null
    ];
    const rows = cells.map((value, i) => ({i, value, [`col,${i % 2}`]: value}) as TableRow);
    expect(runsCsv(rows, ["i", "value", "col,0", "col,1", "absent"])).toBe(
      papa(rows, ["i", "value", "col,0", "col,1", "absent"])
    );
    expect(runsCsv([], ["a", "=b"])).toBe(papa([], ["a", "=b"]));
  });
});

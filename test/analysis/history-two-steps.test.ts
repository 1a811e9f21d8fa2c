// Issue 47 item 5: `history` when each study measured the baseline's configuration in two steps (the baseline run again
// as a later step's candidate). Both are the same point by compare's key; a study is one entry of the series, its two
// steps' repeats pooled, not two entries that the persistence rule reads as two studies.
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {studyHistory, type DatedStudy} from "../../loaders/analysis/history.js";
import {writeRepeatStudy} from "../support/repeat-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-history-two-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

// The second step runs the baseline's server command again, on the same scenario.
const AGAIN = `  - id: again
    kind: selection
    title: Baseline again
    scenarios: [short]
    candidates:
      - {id: base, label: Defaults, engine: vllm, server: [vllm, serve, org/model]}
      - {id: wide, label: Wide, engine: vllm, server: [vllm, serve, org/model, --max-num-seqs, "1024"]}
`;

async function study(day: number, again: number[]): Promise<DatedStudy> {
  const dir = join(root, `day-${day}`);
  writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [1200, 1210, 1190]}, undefined, "", (yaml) =>
    yaml.replace("baseline: {step: engine", `${AGAIN}baseline: {step: engine`)
  );
  for (const run of readdirSync(join(dir, "runs"))) {
    const meta = JSON.parse(readFileSync(join(dir, "runs", run, "run.json"), "utf8"));
    writeFileSync(
      join(dir, "runs", run, "run.json"),
      JSON.stringify({...meta, started_at: `2026-01-0${day}T02:00:00Z`})
    );
  }
  // The again step's baseline runs: copies of the first step's runs with their own ids and throughputs.
  const {benchLog} = await import("../support/repeat-study.js");
  const {mkdirSync} = await import("node:fs");
  again.forEach((tps, i) => {
    const id = `again--base--short${i ? `--r${i + 1}` : ""}`;
    const from = `engine--base--short${i ? `--r${i + 1}` : ""}`;
    mkdirSync(join(dir, "runs", id));
    const meta = JSON.parse(readFileSync(join(dir, "runs", from, "run.json"), "utf8"));
    writeFileSync(join(dir, "runs", id, "run.json"), JSON.stringify({...meta, id, step: "again"}));
    writeFileSync(join(dir, "runs", id, "bench.log"), benchLog(tps));
  });
  const {plan, rows, runs} = await loadStudy(dir);
  return {dir, plan, rows, runs, date: `2026-01-0${day}T02:00:00Z`};
}

describe("history with the baseline measured in two steps of each study", () => {
  it("lists each study once for the point, with both steps' six repeats, and calls nothing", async () => {
    // The step that runs it again measures it 8 % lower each time (later in the night): not a change between studies.
    const studies = [await study(1, [920, 930, 910]), await study(2, [920, 930, 910]), await study(3, [920, 930, 910])];
    const {points} = studyHistory(studies, ["total_token_throughput"], {threshold: 0.05, confidence: 0.95});
    const base = points.filter((p) => /--base--short$/.test(p.point));
    expect(base).toHaveLength(1);
    const entries = base[0].verdict.entries;
    expect(entries.map((e) => [e.id, e.n])).toEqual(studies.map((s) => [s.dir, 6]));
    // Each study's pooled mean: (1000 + 1010 + 990 + 920 + 930 + 910) / 6 = 960.
    for (const e of entries) expect(e.mean).toBeCloseTo(960, 9);
    expect(base[0].verdict.status).toBe("within noise");
  });
});

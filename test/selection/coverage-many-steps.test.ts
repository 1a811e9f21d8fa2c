// Coverage of a study with many sweep steps over the same flag (the 1000× archive has 202 selection steps, 6,053
// candidates): the tried configurations were keyed over every candidate once per step, steps × candidates strings
// (8.9 s and 1.2 GB of peak memory there, 0.85 GB of it garbage); keys per candidate must not grow with the steps.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it, vi} from "vitest";
import {coverage} from "../../loaders/analysis/coverage.js";
import {derive} from "../../loaders/analysis/derive.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import * as space from "../../loaders/analysis/settings-space.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {interactionPlanYaml, throughputTable, writePoint} from "../support/interaction-study.js";

vi.mock("../../loaders/analysis/settings-space.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../loaders/analysis/settings-space.js")>();
  return {...actual, projection: vi.fn(actual.projection)};
});

const TOKENS = ["2048", "4096", "8192", "16384"];
const root = mkdtempSync(join(tmpdir(), "tps-coverage-steps-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** The interaction study's step "seqs" (defaults, 256, 128 sequences; 256 does best), then `sweeps` steps each trying
 * the four token budgets with 256 sequences; one run per point. */
function planYaml(sweeps: number): string {
  const sweep = (k: number) => `  - id: tokens-${k}
    title: Token budget, sweep ${k}
    scenarios: [short]
    candidates:
${TOKENS.map((t) => `      - {id: t${t}, label: "256 + ${t} tokens (${k})", engine: vllm, server: [vllm, serve, org/model, --max-num-seqs, "256", --max-num-batched-tokens, "${t}"]}`).join("\n")}
`;
  return interactionPlanYaml("", {
    repeats: 1,
    laterSteps: Array.from({length: sweeps}, (_, i) => sweep(i + 1)).join("")
  });
}

/** The study's coverage and how many configuration keys computing it built. */
async function coverageKeys(sweeps: number) {
  const dir = join(root, `sweeps-${sweeps}`);
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), planYaml(sweeps));
  const plan = loadStudyPlan(dir);
  for (const step of plan.steps)
    for (const candidate of step.candidates) writePoint(dir, plan, step, candidate, throughputTable(false), 1);
  const {rows, report} = await loadStudy(dir, root);
  const derived = derive(plan, rows);
  vi.mocked(space.projection).mockClear();
  const c = coverage(plan, derived);
  expect(c).toEqual(report.coverage);
  return {c, keys: vi.mocked(space.projection).mock.calls.length, candidates: 3 + TOKENS.length * sweeps};
}

describe("coverage of a study with many steps", () => {
  it("states the same space, measured configurations and untried combinations at 10 and 20 sweeps", async () => {
    for (const sweeps of [10, 20]) {
      const {c} = await coverageKeys(sweeps);
      expect(c.dims).toEqual([
        {dim: "--max-num-seqs", values: ["default", "256", "128"]},
        {dim: "--max-num-batched-tokens", values: ["default", ...TOKENS]}
      ]);
      // 3 × 5 combinations; measured: the three of step seqs and 256 with each budget.
      expect([c.space, c.measured, c.failed]).toEqual([15, 7, 0]);
      // The two runners-up of seqs (defaults, 128) with each budget, first offered by sweep 1; later sweeps add none.
      expect(c.untried).toBe(2 * TOKENS.length);
      expect(c.steps.find((s) => s.step === "tokens-1")!.untried).toHaveLength(2 * TOKENS.length);
    }
  });

  it("builds configuration keys in proportion to the candidates, not to steps × candidates", async () => {
    const ten = await coverageKeys(10);
    const twenty = await coverageKeys(20);
    const perCandidate = (r: {keys: number; candidates: number}) => r.keys / r.candidates;
    expect(perCandidate(twenty)).toBeLessThanOrEqual(perCandidate(ten) * 1.1);
  });
});

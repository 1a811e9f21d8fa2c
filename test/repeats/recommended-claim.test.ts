// Issue 28, defect 1: a `recommended` claim whose server line holds a YAML number (as candidates' lines may) is checked,
// not a crash of `check` and of the quality page's loader.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {qualityPage} from "../../loaders/pages/quality.js";
import {writeRepeatsFixture} from "../support/repeats-fixture.js";

const root = mkdtempSync(join(tmpdir(), "tps-rec-claim-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

it("a number in a recommended claim's server line is compared as the argument it stands for", async () => {
  const dir = join(root, "study");
  writeRepeatsFixture(
    dir,
    (yaml) =>
      yaml +
      `claims:
  - {id: rec, kind: recommended, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 2048]}
  - {id: rec-other, kind: recommended, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 8192]}
`
  );
  const {report, rows} = await loadStudy(dir, process.cwd());
  const claims = qualityPage(report, rows).claims;
  expect(claims.map((c) => [c.published, c.recomputed, c.status])).toEqual([
    [
      "vllm serve Qwen/Qwen3-32B --max-num-batched-tokens 2048",
      "vllm serve Qwen/Qwen3-32B --max-num-batched-tokens 2048",
      "confirmed"
    ],
    [
      "vllm serve Qwen/Qwen3-32B --max-num-batched-tokens 8192",
      "vllm serve Qwen/Qwen3-32B --max-num-batched-tokens 2048",
      "contradicted"
    ]
  ]);
});

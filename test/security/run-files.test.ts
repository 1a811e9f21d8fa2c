// Cases 2, 8, 10 and 11 of issue 15 at the reader: only regular files inside the study are read (links, FIFOs and
// devices are findings, never read, never shown), one broken run is a failed run with its finding, a huge line does
// not push the result block out of the shown log, and NaN or wrongly typed results are named as such.
import {spawnSync} from "node:child_process";
import {mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import type {Finding} from "../../loaders/finding.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {MAX_LINE_CHARS, runDetail} from "../../loaders/runs/run-detail.js";
import {metricLines} from "../../src/components/runDetail.js";
import {copySeed, FAILED, removeCopies, SGLANG, TRTLLM, VLLM} from "./hostile-study.js";

afterAll(removeCopies);

const PASSWD = readFileSync("/etc/passwd", "utf8").split("\n")[0];

function check(study: string): {code: number | null; stdout: string; timedOut: boolean} {
  const result = spawnSync(process.execPath, ["bin/tps-report.js", "check", study], {
    encoding: "utf8",
    timeout: 60_000
  });
  return {code: result.status, stdout: result.stdout, timedOut: result.error != null || result.signal != null};
}

const byCode = (findings: Finding[], code: string) => findings.filter((f) => f.code === code);

describe("files that are not regular files inside the study", () => {
  it("are findings naming the file; check neither hangs nor reads them; no page data holds their content", async () => {
    const study = copySeed();
    const runs = join(study, "runs");
    symlinkSync("/etc/passwd", join(runs, SGLANG, "server.log"));
    symlinkSync("/etc/passwd", join(runs, SGLANG, "bench.stderr.log"));
    symlinkSync("/etc/passwd", join(runs, SGLANG, "result.json"));
    // A bench.log linked out of the study: no result to be found, and nothing of it is shown.
    rmSync(join(runs, VLLM, "bench.log"));
    symlinkSync("/etc/passwd", join(runs, VLLM, "bench.log"));
    spawnSync("mkfifo", [join(runs, TRTLLM, "bench.stderr.log")]);
    symlinkSync("/dev/zero", join(runs, TRTLLM, "server.log"));
    // A run folder that is a link out of the study.
    const outside = join(study, "..", "outside-run");
    mkdirSync(outside);
    writeFileSync(join(outside, "run.json"), readFileSync(join(runs, SGLANG, "run.json")));
    symlinkSync(outside, join(runs, "engine-selection--sglang--linked"));

    const result = check(study);
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain(PASSWD);
    for (const file of [
      `${SGLANG}/server.log`,
      `${SGLANG}/result.json`,
      `${VLLM}/bench.log`,
      `${TRTLLM}/bench.stderr.log`
    ])
      expect(result.stdout).toMatch(new RegExp(`error +[^\\n]*${file.replace(/[.]/g, "\\.")}: `));

    const {report} = await loadStudy(study);
    const refused = byCode(report.findings, "run-file-refused");
    expect(refused.map((f) => f.file!.split("/").slice(-2).join("/")).sort()).toEqual(
      [
        `${SGLANG}/bench.stderr.log`,
        `${SGLANG}/result.json`,
        `${SGLANG}/server.log`,
        `${TRTLLM}/bench.stderr.log`,
        `${TRTLLM}/server.log`,
        `${VLLM}/bench.log`
      ].sort()
    );
    expect(refused.find((f) => f.file!.endsWith(`${TRTLLM}/bench.stderr.log`))!.message).toMatch(/is a FIFO/);
    expect(refused.find((f) => f.file!.endsWith(`${SGLANG}/server.log`))!.message).toMatch(
      /symbolic link \(to \/etc\/passwd\)/
    );
    expect(byCode(report.findings, "run-folder-invalid").map((f) => f.message)).toEqual([
      `"engine-selection--sglang--linked" in the runs folder is a symbolic link; only folders inside the study are read; it is not read`
    ]);

    for (const run of [SGLANG, VLLM, TRTLLM]) {
      const detail = await runDetail(study, run);
      expect(JSON.stringify(detail)).not.toContain(PASSWD);
      expect(detail.logs.map((l) => l.file.split("/").pop())).not.toContain("server.log");
    }
    // The sglang run still has its figures, from its own bench.log.
    const sglang = await runDetail(study, SGLANG);
    expect(sglang.metrics.total_token_throughput).toBe(1398.38);
  }, 120_000);
});

describe("a run whose run.json is missing or truncated", () => {
  // Issue 12: a run folder holding only the tool's own output is a valid run, completed from the plan.
  it("truncated: a failed run showing its finding; missing beside bench.log: a run read from the plan", async () => {
    const study = copySeed();
    const runs = join(study, "runs");
    rmSync(join(runs, SGLANG, "run.json"));
    const text = readFileSync(join(runs, VLLM, "run.json"), "utf8");
    writeFileSync(join(runs, VLLM, "run.json"), text.slice(0, 100));
    const {report, rows, runs: records} = await loadStudy(study);
    expect(records).toHaveLength(17);
    const invalid = byCode(report.findings, "run-meta-invalid");
    expect(invalid.map((f) => [f.run, f.message.slice(0, 40)])).toEqual([
      [VLLM, expect.stringMatching(/^run\.json does not parse/)]
    ]);
    expect(rows.find((r) => r.run === SGLANG)).toMatchObject({
      status: "ok",
      engine: "sglang",
      total_token_throughput: 1398.38
    });
    const row = rows.find((r) => r.run === VLLM)!;
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/run\.json: run\.json does not parse/);
    const detail = await runDetail(study, VLLM);
    expect(detail.row.status).toBe("failed");
    expect(detail.logs.map((l) => l.file.split("/").pop())).toEqual(["bench.log"]);
    expect(rows.find((r) => r.run === TRTLLM)!.status).toBe("ok");
  });
});

describe("a 1 MB line before the result block", () => {
  it("is cut in the shown log; the block and each figure's line stay", async () => {
    const study = copySeed();
    const log = join(study, "runs", SGLANG, "bench.log");
    const original = readFileSync(log, "utf8");
    writeFileSync(log, `${"x".repeat(1 << 20)}\n${original}`);
    const detail = await runDetail(study, SGLANG);
    const shown = detail.logs.find((l) => l.file.endsWith("bench.log"))!.text;
    expect(shown.split("\n")[0]).toHaveLength(
      MAX_LINE_CHARS + ` … (line cut: ${(1 << 20) - MAX_LINE_CHARS} more characters)`.length
    );
    expect(shown.split("\n").slice(1).join("\n")).toBe(original);
    expect(detail.block!.lines).toEqual([2, 24]);
    const lines = metricLines(detail);
    expect(lines.get("total_token_throughput")).toBe(11);
    expect(lines.size).toBe(Object.keys(detail.metrics).filter((m) => detail.metrics[m] != null).length);
  });
});

describe("result.json values", () => {
  const resultStudy = (record: Record<string, unknown>, raw?: (text: string) => string): string => {
    const study = copySeed();
    const dir = join(study, "runs", SGLANG);
    rmSync(join(dir, "bench.log"));
    const text = JSON.stringify(record);
    writeFileSync(join(dir, "result.json"), raw ? raw(text) : text);
    return study;
  };

  it("NaN and ±Infinity are warnings naming the metric", async () => {
    const study = resultStudy(
      {
        duration: 299.51,
        completed: 1000,
        total_token_throughput: 1398.38,
        mean_ttft_ms: 1,
        p99_tpot_ms: 2,
        std_itl_ms: 3
      },
      (t) =>
        t
          .replace('"mean_ttft_ms":1', '"mean_ttft_ms":NaN')
          .replace('"p99_tpot_ms":2', '"p99_tpot_ms":Infinity')
          .replace('"std_itl_ms":3', '"std_itl_ms":-Infinity')
    );
    const {report} = await loadStudy(study);
    // The parser names them (issue 13's warnings); check reports each as a warning on the result file.
    expect(
      byCode(report.findings, "parse-warning")
        .filter((f) => f.run === SGLANG)
        .map((f) => [f.file!.split("/").pop(), f.message])
    ).toEqual([
      ["result.json", '"mean_ttft_ms" is NaN, not a finite number: kept as text'],
      ["result.json", '"p99_tpot_ms" is Infinity, not a finite number: kept as text'],
      ["result.json", '"std_itl_ms" is -Infinity, not a finite number: kept as text']
    ]);
    expect(check(study).stdout).toMatch(/warning +[^\n]*result\.json:1: "mean_ttft_ms" is NaN/);
  });

  it("keys of the wrong type are reported as wrongly typed, not as missing", async () => {
    const study = resultStudy({duration: "299.51", completed: "1000", total_token_throughput: 1398.38});
    const {report} = await loadStudy(study);
    const parse = byCode(report.findings, "parse-error").filter((f) => f.run === SGLANG);
    expect(parse.map((f) => f.message)).toEqual([
      "JSON result record has completed and duration of the wrong type (string, string); they must be numbers"
    ]);
  });
});

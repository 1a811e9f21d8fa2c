// The fixture server as other engineers use it: a process that answers like an OpenAI-compatible engine.
import {describe, expect, it} from "vitest";
import {startFixtureProcess} from "../support/fixture-process.js";

const post = (base: string, path: string, body: unknown): Promise<Response> =>
  fetch(base + path, {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});

describe("fixture server process", () => {
  it("serves health, models, streaming and non-streaming completions, and exits 0 on SIGTERM", async () => {
    const fixture = await startFixtureProcess(["--model", "m1", "--first-token-ms", "1", "--token-gap-ms", "1"]);
    try {
      expect((await fetch(`${fixture.baseUrl}/health`)).status).toBe(200);
      const models = (await (await fetch(`${fixture.baseUrl}/v1/models`)).json()) as {data: Array<{id: string}>};
      expect(models.data[0].id).toBe("m1");
      const whole = (await (
        await post(fixture.baseUrl, "/v1/chat/completions", {
          messages: [{role: "user", content: "a b c"}],
          max_tokens: 3
        })
      ).json()) as {choices: Array<{message: {content: string}}>; usage: Record<string, number>};
      expect(whole.choices[0].message.content).toBe(" the the the");
      expect(whole.usage).toEqual({prompt_tokens: 3, total_tokens: 6, completion_tokens: 3});
      const stream = await (
        await post(fixture.baseUrl, "/v1/completions", {
          prompt: "x",
          max_tokens: 2,
          stream: true,
          stream_options: {include_usage: true}
        })
      ).text();
      const events = stream.split("\n\n").filter(Boolean);
      expect(events).toHaveLength(4);
      expect(events[3]).toBe("data: [DONE]");
      expect(JSON.parse(events[2].slice(6)).usage.completion_tokens).toBe(2);
    } finally {
      await fixture.stop();
    }
    expect(fixture.child.exitCode).toBe(0);
  });

  it("answers 503 everywhere with --never-ready", async () => {
    const fixture = await startFixtureProcess(["--never-ready"]);
    try {
      expect((await fetch(`${fixture.baseUrl}/health`)).status).toBe(503);
      expect((await fetch(`${fixture.baseUrl}/v1/models`)).status).toBe(503);
    } finally {
      await fixture.stop();
    }
  });

  it("exits with status 3 after --die-after-requests", async () => {
    const fixture = await startFixtureProcess(["--die-after-requests", "1"]);
    const exited = new Promise<number | null>((resolve) => fixture.child.once("exit", (code) => resolve(code)));
    await (await post(fixture.baseUrl, "/v1/completions", {prompt: "x", max_tokens: 1})).text();
    expect(await exited).toBe(3);
  });

  it("--surface synthetic: the surface sets the token gap; the crash region dies loading or never gets ready", async () => {
    const best = await startFixtureProcess([
      "--surface",
      "synthetic",
      "--max-batch-tokens",
      "16384",
      "--max-requests-per-batch",
      "64",
      "--scheduler",
      "prefill_first",
      "--noise",
      "0"
    ]);
    try {
      const t0 = performance.now();
      await (await post(best.baseUrl, "/v1/completions", {prompt: "x", max_tokens: 51, stream: true})).text();
      // 50 gaps of 4 ms (the best configuration, no noise), plus HTTP.
      expect(performance.now() - t0).toBeGreaterThanOrEqual(195);
    } finally {
      await best.stop();
    }
    await expect(
      startFixtureProcess([
        "--surface",
        "synthetic",
        "--max-batch-tokens",
        "8192",
        "--max-requests-per-batch",
        "256",
        "--scheduler",
        "prefill_first"
      ])
    ).rejects.toThrow(/exited \(1\) before listening: RuntimeError: CUDA out of memory/);
    const stuck = await startFixtureProcess([
      "--surface",
      "synthetic",
      "--max-batch-tokens",
      "16384",
      "--max-requests-per-batch",
      "128",
      "--scheduler",
      "fifo"
    ]);
    try {
      expect((await fetch(`${stuck.baseUrl}/health`)).status).toBe(503);
    } finally {
      await stuck.stop();
    }
  });
});

// `npm run dev` under a bad request and a broken plan (issue 47, items 16 and 17): the server answers and stays up, and
// a page shows what is wrong until the plan is mended, then the page itself, without a restart.
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, expect, it} from "vitest";
import {startDev, type DevServer} from "../support/dev-server.js";

const PLAN = "data/studies/qwen3-32b-a100/study.yaml";
let dev: DevServer;

beforeAll(async () => {
  dev = await startDev();
}, 180_000);

afterAll(async () => {
  await dev?.stop();
});

async function get(path: string): Promise<{status: number; body: string}> {
  const response = await fetch(new URL(path, dev.url), {redirect: "manual"});
  return {status: response.status, body: await response.text()};
}

/** Asks for `path` until `done` holds of the answer, or fails with the last answer and the server's log. */
async function until(path: string, done: (r: {status: number; body: string}) => boolean, ms = 120_000) {
  const started = Date.now();
  let last: {status: number; body: string} | string = "no answer";
  while (Date.now() - started < ms) {
    try {
      last = await get(path);
      if (done(last)) return last;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${path}: ${JSON.stringify(last).slice(0, 500)}\nnpm run dev printed:\n${dev.log().slice(-3000)}`);
}

it("answers a path that is not valid percent-encoding with 400, and stays up", async () => {
  await until("/", (r) => r.status === 200);
  for (const path of ["/runs/%ff%fe", "/steps/%E0%A4%A", "/%"]) {
    const {status} = await get(path);
    expect(status, path).toBe(400);
  }
  const home = await get("/");
  expect(home.status).toBe(200);
  expect(home.body).toContain("Qwen3-32B throughput optimization on one NVIDIA A100");
}, 180_000);

it("shows a broken plan's error on the page, then the page again once the plan is mended, without a restart", async () => {
  const plan = join(dev.dir, PLAN);
  const source = readFileSync(plan, "utf8");
  writeFileSync(plan, `${source}\nsteps: [\n`);
  const broken = await until("/steps/quantization", (r) => r.status !== 200 || !r.body.includes("2. Quantization"));
  expect(broken.body).toMatch(/study\.yaml/);
  writeFileSync(plan, source);
  const mended = await until("/steps/quantization", (r) => r.status === 200 && r.body.includes("2. Quantization"));
  expect(mended.body).toContain("1563.33");
}, 300_000);

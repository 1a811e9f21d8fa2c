// The site-build lock: a lock left by a killed run is taken over at once; a live holder is waited for.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {withDirLock} from "./dir-lock.js";

const dir = mkdtempSync(join(tmpdir(), "tps-lock-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
const HOUR = 3_600_000;

it("takes over at once a lock whose owner has exited", async () => {
  const lock = join(dir, "dead.lock");
  const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {encoding: "utf8"});
  mkdirSync(lock);
  writeFileSync(join(lock, "pid"), gone.stdout);
  const started = Date.now();
  expect(await withDirLock(lock, async () => existsSync(join(lock, "pid")), {waitMs: HOUR, staleMs: HOUR})).toBe(true);
  expect(Date.now() - started).toBeLessThan(900);
  expect(existsSync(lock)).toBe(false);
});

it("waits while its owner is alive, then gives up with one line", async () => {
  const lock = join(dir, "alive.lock");
  mkdirSync(lock);
  writeFileSync(join(lock, "pid"), String(process.pid));
  await expect(withDirLock(lock, async () => "got it", {waitMs: 1500, staleMs: HOUR})).rejects.toThrow(
    `${lock}: another site build held the lock for too long`
  );
  expect(existsSync(lock)).toBe(true);
});

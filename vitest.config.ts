import {defineConfig} from "vitest/config";

// Files whose tests time live servers, signals or samplers: they run among themselves, before the rest, never beside a
// site build that takes both cores (a scrape or a Ctrl-C then lands late); they mostly wait, so five at a time.
const TIMED = [
  "test/live/**/*.test.ts",
  "test/client/**/*.test.ts",
  "test/telemetry/**/*.test.ts",
  "test/cluster/**/*.test.ts",
  "test/security/{import-interrupt,run-interrupt-metrics,sigkill,ready-timeout,telemetry-*}.test.ts"
];

// Files that replace a library module with vi.mock.
const MOCKING = ["test/runs/per-request.test.ts", "test/selection/coverage-many-steps.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    globalSetup: ["test/support/bundles.ts"],
    hookTimeout: 300_000,
    pool: "forks",
    // Vitest's default on 2 cores is one file at a time; most files wait on child processes for much of their time.
    maxWorkers: 2,
    projects: [
      {extends: true, test: {name: "timed", include: TIMED, maxWorkers: 5, sequence: {groupOrder: 0}}},
      // Three at a time: a file waiting on the site-build lock, a browser or a child process leaves its core to the others.
      // One process per worker for all its files: the library is imported once per worker, not once per file.
      {
        extends: true,
        test: {
          name: "rest",
          include: ["test/**/*.test.ts"],
          exclude: [...TIMED, ...MOCKING],
          maxWorkers: 3,
          isolate: false,
          // Files that share a worker share its DOM: each starts from a fresh page's state.
          setupFiles: ["test/support/fresh-page.ts"],
          sequence: {groupOrder: 1}
        }
      },
      // A file that mocks a module needs that module loaded afresh, after its mock.
      {extends: true, test: {name: "mocking", include: MOCKING, sequence: {groupOrder: 2}}}
    ]
  }
});

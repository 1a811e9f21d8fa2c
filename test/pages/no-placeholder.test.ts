// No command a page shows holds a plan placeholder ({port}, {model}, …): a copy-paste would pass it literally.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {homePage} from "../../loaders/pages/home.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {stepPages} from "../../loaders/pages/step.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {FIXTURE_SERVER, removeStudies, writeStudy} from "../live/live-study.js";

const PLACEHOLDER = /\{(port|host|base_url|run_dir|model)\}/;
let data: StudyData;

beforeAll(async () => {
  const dir = writeStudy({
    port: 18123,
    steps: [
      {
        id: "s",
        scenarios: ["tiny"],
        candidates: [
          {id: "a", server: [...FIXTURE_SERVER, "--port", "{port}", "--host", "{host}"]},
          {id: "b", server: [...FIXTURE_SERVER, "--url", "{base_url}/v1"]}
        ]
      }
    ]
  });
  data = await loadStudy(dir);
});

afterAll(removeStudies);

describe("commands on the pages", () => {
  it("show the resolved values, not placeholders", () => {
    const {report, rows} = data;
    const pages = {
      home: homePage(report, rows),
      setup: setupPage(report, rows),
      steps: [...stepPages(report, rows)],
      recommended: report.recommended,
      client: report.study.client,
      claims: report.claims.map((c) => [c.published, c.recomputed])
    };
    const text = JSON.stringify(pages);
    expect(text.match(PLACEHOLDER)?.[0] ?? null).toBeNull();
    expect(report.recommended.server_command).toContain("--port 18123 --host 127.0.0.1");
    expect(report.study.client.command).toContain("--model fixture-model");
  });

  it("say which values depend on the machine", () => {
    expect(data.report.study.machine_note?.en).toMatch(/port 18123.*host 127\.0\.0\.1/);
    expect(data.report.study.machine_note?.tr).toMatch(/18123/);
  });
});

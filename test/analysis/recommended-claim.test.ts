// A page's recommended command checked against the selection's: the same command spelled otherwise, or the winner with
// arguments added that the selection never varied (GLM-4.5-Air on A100 recommends the winner with
// `--tool-call-parser glm --reasoning-parser glm45`), is the recommendation the runs support, and each says so in the
// page's language. Before, the added arguments made the claim contradicted, and "spelled otherwise" stayed English on
// the Turkish quality page.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {claimText} from "../../src/components/libraryText.js";

const PAGE = "test/fixtures/writeups/qwen3-32b--a100.md";
const COMMAND = "    trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill\n";
let root: string;
const studies: Record<string, StudyData> = {};

/** The page with its conclusion's recommended command (line 12) rewritten. */
function withRecommended(name: string, command: string): string {
  const text = readFileSync(PAGE, "utf8");
  const at = text.indexOf(COMMAND);
  const file = join(root, `${name}.md`);
  writeFileSync(file, text.slice(0, at) + command + text.slice(at + COMMAND.length));
  return file;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-recommended-claim-"));
  const pages = {
    added: "    trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill --log_level info\n",
    spelled: "    trtllm-serve Qwen/Qwen3-32B --enable_chunked_prefill --max_seq_len 40960\n",
    other: "    trtllm-serve Qwen/Qwen3-32B --max_seq_len=32768 --enable_chunked_prefill\n",
    folder: "    trtllm-serve /models/Qwen3-32B --enable_chunked_prefill --max_seq_len=40960\n",
    otherFolder: "    trtllm-serve /models/Qwen3-14B --max_seq_len=40960 --enable_chunked_prefill\n",
    otherId: "    trtllm-serve Qwen2/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill\n"
  };
  for (const [name, command] of Object.entries(pages)) {
    importWriteup(withRecommended(name, command), join(root, name), new Date("2026-03-01T00:00:00Z"));
    studies[name] = await loadStudy(join(root, name));
  }
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

const recommended = (name: string) => studies[name].report.claims.find((c) => c.id === "recommended-command")!;

describe("a page's recommended command", () => {
  it("is the winner with arguments added: confirmed, naming what was added, in both languages", () => {
    expect(recommended("added")).toMatchObject({
      status: "confirmed",
      detail: "the selection's winner with --log_level info added"
    });
    expect(claimText(recommended("added").detail!, "tr")).toBe("seçimin kazananı, --log_level info eklenmiş olarak");
  });

  it("is the same command spelled otherwise: confirmed, said in both languages", () => {
    expect(recommended("spelled")).toMatchObject({
      status: "confirmed",
      detail: "the same command, spelled otherwise (option order or an option's alias)"
    });
    expect(claimText(recommended("spelled").detail!, "tr")).toBe(
      "aynı komut, başka yazılmış (seçeneklerin sırası ya da bir seçeneğin diğer adı)"
    );
  });

  it("with a value of the winner changed: contradicted", () => {
    expect(recommended("other")).toMatchObject({status: "contradicted", detail: null});
  });

  // GPUStack's Qwen3-30B-A3B on 910B recommends `mindie serve Qwen/Qwen3-30B-A3B`; its runs served Qwen3-30B-A3B.
  it("names the model by a folder of the same name: confirmed, saying which, in both languages", () => {
    expect(recommended("folder")).toMatchObject({
      status: "confirmed",
      detail: "the same command, with the model Qwen/Qwen3-32B given as the folder /models/Qwen3-32B"
    });
    expect(claimText(recommended("folder").detail!, "tr")).toBe(
      "aynı komut: model Qwen/Qwen3-32B, /models/Qwen3-32B klasörü olarak verilmiş"
    );
  });

  it("names another model, by folder or by id: contradicted", () => {
    expect(recommended("otherFolder")).toMatchObject({status: "contradicted", detail: null});
    expect(recommended("otherId")).toMatchObject({status: "contradicted", detail: null});
  });
});

// A study imported from client-side files (AIPerf, GuideLLM) that name no engine: the home and setup pages showed the
// plan's placeholder as the command to start, `'TODO: the server command' --tensor-parallel-size 2`.
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {commandBlock} from "../../src/components/setupTables.js";

const OPEN = "'TODO: the server command' --tensor-parallel-size 2";

describe("a command that no file recorded", () => {
  it("reads 'not recorded' with the settings that are, in both languages", () => {
    const en = commandBlock(OPEN, "en");
    expect(en.textContent).toBe(
      "The server command is not recorded (no file names the engine; server in study.yaml). Recorded settings: --tensor-parallel-size 2"
    );
    expect(en.textContent).not.toContain("TODO");
    const tr = commandBlock(OPEN, "tr");
    expect(tr.textContent).toBe(
      "Sunucu komutu kaydedilmemiş (hiçbir dosya motoru belirtmiyor; study.yaml içindeki server). Kaydedilen ayarlar: --tensor-parallel-size 2"
    );
  });

  it("with no setting recorded either, says so alone", () => {
    expect(commandBlock("'TODO: the server command'", "en").textContent).toBe(
      "The server command is not recorded (no file names the engine; server in study.yaml)."
    );
  });

  it("a recorded command is shown as it is", () => {
    const block = commandBlock("vllm serve Qwen/Qwen3-32B --max-num-seqs 256", "en");
    expect(block.tagName).toBe("PRE");
    expect(block.textContent).toBe("vllm serve Qwen/Qwen3-32B --max-num-seqs 256");
  });
});

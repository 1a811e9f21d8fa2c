// The model a server command serves, read only where each engine takes it; anything else is unknown.
import {describe, expect, it} from "vitest";
import {servedModel} from "../../loaders/command/served-model.js";

describe("servedModel", () => {
  it("reads each engine's own place for the model", () => {
    expect(servedModel(["vllm", "serve", "Qwen/Qwen3-32B", "--max-model-len", "32768"])).toBe("Qwen/Qwen3-32B");
    expect(servedModel(["/opt/venv/bin/vllm", "serve", "--model", "Qwen/Qwen3-8B"])).toBe("Qwen/Qwen3-8B");
    expect(servedModel(["trtllm-serve", "Qwen/Qwen3-14B", "--max_num_tokens=16384"])).toBe("Qwen/Qwen3-14B");
    expect(servedModel(["trtllm-serve", "serve", "Qwen/Qwen3-14B"])).toBe("Qwen/Qwen3-14B");
    expect(servedModel(["python3", "-m", "sglang.launch_server", "--model-path", "Qwen/Qwen3-32B"])).toBe(
      "Qwen/Qwen3-32B"
    );
    expect(servedModel(["python", "-m", "vllm.entrypoints.openai.api_server", "--model=Qwen/Qwen3-0.6B"])).toBe(
      "Qwen/Qwen3-0.6B"
    );
    expect(servedModel(["CUDA_VISIBLE_DEVICES=0", "vllm", "serve", "/models/qwen3-8b"])).toBe("/models/qwen3-8b");
  });

  it("takes no script path or other a/b argument for a model", () => {
    expect(servedModel(["python3", "harness/cb_server.py", "--port", "{port}"])).toBeNull();
    expect(servedModel(["python3", "harness/cb_server.py", "Qwen/Qwen3-0.6B"])).toBeNull();
    expect(servedModel(["vllm", "serve", "--config", "conf/a.yaml"])).toBeNull();
    expect(servedModel(["node", "test/support/fixture-server.ts", "--port", "1"])).toBeNull();
  });

  it("still reads --model or --model-path given to any server", () => {
    expect(servedModel(["python3", "harness/cb_server.py", "--model", "Qwen/Qwen3-0.6B"])).toBe("Qwen/Qwen3-0.6B");
  });
});

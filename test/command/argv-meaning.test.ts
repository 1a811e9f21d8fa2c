// Two server commands are one configuration when they differ only in how argparse lets them be spelled, or in where
// the server listens. The commands are those of GPUStack's DeepSeek-R1 on H200 and DeepSeek-V3.2 on H200 pages
// (Performance Lab): each page's recommended command spells its step's winner with SGLang's short flags and without
// --host/--port, and was read as another configuration, leaving 20 and 25 of their published figures unverified.
import {describe, expect, it} from "vitest";
import {
  addedOptions,
  argvDifferences,
  sameMeaning,
  SERVER_ADDRESS_OPTIONS
} from "../../loaders/command/argv-meaning.js";

const words = (command: string) => command.split(" ");
const server = {ignore: SERVER_ADDRESS_OPTIONS};
const SGLANG = "python3 -m sglang.launch_server";

describe("server commands by what they mean", () => {
  it("takes SGLang's --tp, --dp and their long names for --tp-size and --dp-size", () => {
    const winner = words(
      `${SGLANG} --model-path deepseek-ai/DeepSeek-R1-0528 --host 0.0.0.0 --port 8000 --tp-size 8 --enable-dp-attention`
    );
    const recommended = words(`${SGLANG} --model deepseek-ai/DeepSeek-R1-0528 --tp 8 --enable-dp-attention`);
    expect(argvDifferences(recommended, winner)).toEqual([
      "--host 0.0.0.0 only in the second",
      "--port 8000 only in the second"
    ]);
    expect(sameMeaning(recommended, winner, server)).toBe(true);
    const dp = words(`${SGLANG} --model-path deepseek-ai/DeepSeek-V3.2 --tp-size 8 --dp 8 --enable-dp-attention`);
    for (const spelling of ["--dp-size", "--data-parallel-size"])
      expect(
        sameMeaning(
          dp,
          words(
            `${SGLANG} --model-path deepseek-ai/DeepSeek-V3.2 --tensor-parallel-size 8 ${spelling} 8 --enable-dp-attention`
          )
        )
      ).toBe(true);
  });

  it("takes vLLM's -tp, -pp and -dp for their long names, and TensorRT-LLM's --tp_size as --tp-size", () => {
    expect(
      sameMeaning(
        words("vllm serve openai/gpt-oss-120b -tp 2"),
        words("vllm serve openai/gpt-oss-120b --tensor-parallel-size 2")
      )
    ).toBe(true);
    expect(
      argvDifferences(
        words("vllm serve openai/gpt-oss-120b -tp 2 -pp 2"),
        words("vllm serve openai/gpt-oss-120b --tensor-parallel-size 4 --pipeline-parallel-size 2")
      )
    ).toEqual(["--tensor-parallel-size 2 against 4"]);
    expect(
      sameMeaning(words("trtllm-serve /m --tp_size 8 --ep_size 8"), words("trtllm-serve /m --tp-size 8 --ep-size 8"))
    ).toBe(true);
  });

  it("still tells a different degree, and a different program, apart", () => {
    expect(
      sameMeaning(words(`${SGLANG} --model m --tp 4`), words(`${SGLANG} --model-path m --tp-size 8`), server)
    ).toBe(false);
    expect(sameMeaning(words(`${SGLANG} --model-path m --tp-size 2`), words("vllm serve m -tp 2"), server)).toBe(false);
  });

  it("names the options a command adds to another, as it writes them; none where it changes one", () => {
    // GLM-4.5-Air on A100: the recommended command is the step winner with two chat parsers.
    const winner = words(`${SGLANG} --model-path zai-org/GLM-4.5-Air --tp-size 4 --ep-size 4`);
    const recommended = words(
      `${SGLANG} --model-path zai-org/GLM-4.5-Air --tp 4 --ep-size 4 --tool-call-parser glm --reasoning-parser glm45`
    );
    expect(addedOptions(recommended, winner)).toEqual(["--tool-call-parser glm", "--reasoning-parser glm45"]);
    expect(
      addedOptions(
        words("trtllm-serve m --max_seq_len=40960 --log_level info"),
        words("trtllm-serve m --max-seq-len 40960")
      )
    ).toEqual(["--log_level info"]);
    expect(
      addedOptions(words(`${SGLANG} --model-path m --tp-size 2 --x 1`), words(`${SGLANG} --model-path m --tp-size 4`))
    ).toBeNull();
  });
});

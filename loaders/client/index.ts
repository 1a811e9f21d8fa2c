// The native benchmark client as a library: `runBenchmark(options)` → {result, block, ...}.
export {runBenchmark, type BenchmarkOptions, type BenchmarkRun, type ClientOverhead} from "./run-benchmark.js";
export {openConnections, type Connections} from "./connections.js";
export {loadTokenizer, type BenchTokenizer} from "./tokenizer.js";
export {randomDataset} from "./dataset-random.js";
export {shareGptDataset} from "./dataset-sharegpt.js";
export {calculateMetrics, type BenchmarkMetrics} from "./metrics.js";
export {summaryBlock} from "./summary-block.js";
export {pythonJson, resultJson} from "./result-json.js";
export type {RequestOutput, SampleRequest} from "./types.js";

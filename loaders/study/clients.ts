// Benchmark clients as a plan or a run.json names them: the name a page shows, and which take the plan's flags.

/** Clients whose options are not vllm bench serve's (sglang.bench_serving shares them): a command rebuilt with the
 * plan's flags was never run by these. */
const OTHER_FLAGS = new Set(["guidellm", "aiperf", "trtllm-bench"]);

/** The names the tools give themselves, where they differ from the client id. */
const SHOWN: Record<string, string> = {guidellm: "GuideLLM", aiperf: "AIPerf"};

/** Whether the plan's benchmark command, rebuilt for a run of `client`, is the command that ran. */
export function takesPlanFlags(client: string | null, planned: string): boolean {
  return client === planned && !OTHER_FLAGS.has(client);
}

/** A client's name as a page shows it (null: no file names the client). */
export function clientName(client: string | null): string | null {
  return client === null ? null : (SHOWN[client] ?? client);
}

// Shapes shared by the native benchmark client's steps (dataset → requests → outputs → metrics).

/** One request to send: vLLM's SampleRequest. */
export interface SampleRequest {
  prompt: string;
  /** Prompt length in tokens as the dataset counted it. */
  promptLen: number;
  /** max_tokens to ask for. */
  expectedOutputLen: number;
  requestId: string;
}

/** What one request produced: vLLM's RequestFuncOutput, times in seconds on the monotonic clock. */
export interface RequestOutput {
  success: boolean;
  generatedText: string;
  /** Completion tokens from the server's usage chunk; 0 when the server sent none. */
  outputTokens: number;
  /** Prompt tokens as the dataset counted them: what vLLM sums into total_input_tokens. */
  promptLen: number;
  /** usage.prompt_tokens from the server (its chat template included); null when it sent none. */
  serverPromptTokens: number | null;
  /** Seconds from send to the first chunk that carried a choice. */
  ttft: number;
  /** Seconds between consecutive choice chunks after the first. */
  itl: number[];
  /** Seconds from send to the last choice chunk. */
  latency: number;
  /** Send time, seconds on the client's monotonic clock. */
  startTime: number;
  /** Seconds the request waited for a concurrency slot after its arrival time. */
  clientQueueTime: number;
  error: string;
}

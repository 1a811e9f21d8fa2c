// One streaming request to an OpenAI-compatible endpoint, timed the way vLLM's request functions time it:
// TTFT at the first chunk carrying a choice, ITL between choice chunks, latency to the last choice chunk.
import type {Connections} from "./connections.js";
import {choiceText} from "./chunk-scan.js";
import {timerMs} from "../timer.js";
import {SseDecoder} from "./sse.js";
import type {RequestOutput, SampleRequest} from "./types.js";

export type Endpoint = "/v1/chat/completions" | "/v1/completions";

export interface RequestContext {
  url: URL;
  endpoint: Endpoint;
  /** Model name sent in the body. */
  model: string;
  connections: Connections;
  ignoreEos: boolean;
  extraBody?: Record<string, unknown>;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Monotonic clock in milliseconds. */
  now: () => number;
  /** Clock for chunk arrivals (default `now`); see turn-clock.ts. */
  arrivalNow?: () => number;
}

export function requestBody(context: RequestContext, request: SampleRequest): Record<string, unknown> {
  const common: Record<string, unknown> = {
    model: context.model,
    stream: true,
    stream_options: {include_usage: true}
  };
  let body: Record<string, unknown>;
  if (context.endpoint === "/v1/chat/completions") {
    body = {
      ...common,
      messages: [{role: "user", content: [{type: "text", text: request.prompt}]}],
      // Both spellings: some servers still read only max_tokens.
      max_completion_tokens: request.expectedOutputLen,
      max_tokens: request.expectedOutputLen
    };
  } else {
    body = {...common, prompt: request.prompt, repetition_penalty: 1.0, max_tokens: request.expectedOutputLen};
  }
  if (context.ignoreEos) body.ignore_eos = true;
  return context.extraBody ? {...body, ...context.extraBody} : body;
}

interface ChunkJson {
  choices?: Array<{delta?: {content?: string | null}; text?: string | null}>;
  usage?: {completion_tokens?: number; prompt_tokens?: number} | null;
  error?: unknown;
}

function errorText(value: unknown): string {
  if (typeof value === "string") return value;
  const message = (value as {message?: unknown} | null)?.message;
  return typeof message === "string" ? message : JSON.stringify(value);
}

/** Sends one request and resolves when its stream ends; never rejects (failures are outputs with success=false). */
export function sendRequest(
  context: RequestContext,
  request: SampleRequest,
  arrivalMs: number,
  prebuiltBody?: string
): Promise<RequestOutput> {
  const now = context.now;
  const arrivalNow = context.arrivalNow ?? now;
  const body = prebuiltBody ?? JSON.stringify(requestBody(context, request));
  const chat = context.endpoint === "/v1/chat/completions";
  return new Promise<RequestOutput>((resolve) => {
    const startMs = now();
    const output: RequestOutput = {
      success: false,
      generatedText: "",
      outputTokens: 0,
      promptLen: request.promptLen,
      serverPromptTokens: null,
      ttft: 0,
      itl: [],
      latency: 0,
      startTime: startMs / 1000,
      clientQueueTime: (startMs - arrivalMs) / 1000,
      error: ""
    };
    let settled = false;
    let responded = false;
    let firstChunk = false;
    let sawDone = false;
    let lastMs = startMs;
    const text: string[] = [];
    const finish = (error: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      output.generatedText = text.join("");
      output.latency = (lastMs - startMs) / 1000;
      if (!error && !firstChunk) error = "Never received a valid chunk to calculate TTFT.";
      if (!error && !sawDone) error = "Stream ended without `data: [DONE]` (truncated).";
      output.success = !error;
      output.error = error;
      resolve(output);
    };
    const onPayload = (payload: string, atMs: number): string | null => {
      if (payload === "[DONE]") {
        sawDone = true;
        return null;
      }
      const fast = choiceText(payload, chat);
      if (fast !== null) {
        if (!firstChunk) {
          firstChunk = true;
          output.ttft = (atMs - startMs) / 1000;
        } else output.itl.push((atMs - lastMs) / 1000);
        lastMs = atMs;
        if (fast) text.push(fast);
        return null;
      }
      let chunk: ChunkJson;
      try {
        chunk = JSON.parse(payload) as ChunkJson;
      } catch {
        return `Stream chunk is not JSON: ${payload.slice(0, 200)}`;
      }
      const choices = chunk.choices;
      if (choices && choices.length > 0) {
        if (!firstChunk) {
          firstChunk = true;
          output.ttft = (atMs - startMs) / 1000;
        } else output.itl.push((atMs - lastMs) / 1000);
        lastMs = atMs;
        const piece = chat ? choices[0].delta?.content : choices[0].text;
        if (piece) text.push(piece);
      } else if (chunk.usage) {
        if (typeof chunk.usage.completion_tokens === "number") output.outputTokens = chunk.usage.completion_tokens;
        if (typeof chunk.usage.prompt_tokens === "number") output.serverPromptTokens = chunk.usage.prompt_tokens;
      } else if (chunk.error !== undefined) {
        return `Server sent an error event: ${errorText(chunk.error)}`;
      }
      return null;
    };

    let status = 0;
    let reason = "";
    const errorBody: Buffer[] = [];
    const sse = new SseDecoder();
    let abort: () => void = () => {};
    const timer = setTimeout(() => {
      abort();
      finish(`Request timed out after ${context.timeoutMs} ms.`);
    }, timerMs(context.timeoutMs));
    abort = context.connections.post(
      context.url,
      {"Content-Type": "application/json", "x-request-id": request.requestId, ...context.headers},
      body,
      {
        onResponse(code, message) {
          responded = true;
          status = code;
          reason = message;
        },
        onData(bytes, from, to) {
          if (settled) return;
          if (status !== 200) {
            errorBody.push(Buffer.from(bytes.subarray(from, to)));
            return;
          }
          const atMs = arrivalNow();
          sse.each(bytes, from, to, (payload) => {
            const error = onPayload(payload, atMs);
            if (!error) return false;
            abort();
            finish(error);
            return true;
          });
        },
        onEnd() {
          if (status !== 200) {
            const detail = Buffer.concat(errorBody).toString("utf8").slice(0, 500);
            finish(`HTTP ${status} ${reason}: ${detail}`.trim());
            return;
          }
          const atMs = arrivalNow();
          for (const payload of sse.flush()) {
            const error = onPayload(payload, atMs);
            if (error) return finish(error);
          }
          finish("");
        },
        onError(message, afterResponse) {
          if (afterResponse && status !== 200) finish(`HTTP ${status} ${reason}: ${message}`);
          else finish(afterResponse ? `Stream truncated: ${message}` : message);
        }
      }
    );
  });
}

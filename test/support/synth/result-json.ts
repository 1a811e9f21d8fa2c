// Streams a `vllm bench serve --save-result --save-detailed` JSON file: Python json.dump layout, one line.
import {closeSync, openSync, writeSync} from "node:fs";
import {pyFloat} from "./py-format.js";
import type {SimulatedRun} from "./simulate-run.js";

/** Buffered writer: the file is written in pieces of about 1 MB, never built whole in memory. */
class ChunkWriter {
  private parts: string[] = [];
  private size = 0;
  bytes = 0;

  constructor(private readonly fd: number) {}

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 1 << 20) this.flush();
  }

  flush(): void {
    if (!this.parts.length) return;
    const buffer = Buffer.from(this.parts.join(""), "utf8");
    writeSync(this.fd, buffer);
    this.bytes += buffer.length;
    this.parts = [];
    this.size = 0;
  }
}

/** Python json.dumps of a string (ensure_ascii: non-ASCII as \uXXXX). */
export function pyString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

const NULL = "null";
const int = (x: number) => String(x);

export interface ResultHeader {
  date: string;
  model: string;
  numPrompts: number;
}

const WORDS = [
  "the",
  "model",
  "answer",
  "token",
  "serving",
  "batch",
  "prompt",
  "request",
  "cache",
  "latency",
  "GPU",
  "kernel"
];

/** A short generated text per request (real files hold the whole completion; length does not matter here). */
function generatedText(i: number, out: number): string {
  if (out === 0) return "";
  const words = [WORDS[i % WORDS.length], WORDS[(i * 7 + 3) % WORDS.length], WORDS[(i * 13 + 5) % WORDS.length]];
  if (i % 17 === 0) return `${words.join(" ")}\nçözüm: ${out} tokens`;
  return words.join(" ");
}

/** Writes the run's result JSON to `path`; returns the bytes written. */
export function writeResultJson(path: string, run: SimulatedRun, header: ResultHeader): number {
  const fd = openSync(path, "w");
  try {
    const out = new ChunkWriter(fd);
    const m = run.metrics;
    const head: [string, string][] = [
      ["date", pyString(header.date)],
      ["endpoint_type", pyString("openai-chat")],
      ["backend", pyString("openai-chat")],
      ["label", NULL],
      ["model_id", pyString(header.model)],
      ["tokenizer_id", pyString(header.model)],
      ["num_prompts", int(header.numPrompts)],
      ["request_rate", pyString("inf")],
      ["burstiness", pyFloat(1)],
      ["max_concurrency", NULL],
      ["duration", pyFloat(m.duration)],
      ["completed", int(m.completed)],
      ["failed", int(m.failed)],
      ["total_input_tokens", int(m.total_input_tokens)],
      ["total_output_tokens", int(m.total_output_tokens)],
      ["request_throughput", pyFloat(m.request_throughput)],
      ["request_goodput", NULL],
      ["output_throughput", pyFloat(m.output_throughput)],
      ["total_token_throughput", pyFloat(m.total_token_throughput)]
    ];
    out.write("{" + head.map(([k, v]) => `${pyString(k)}: ${v}`).join(", "));
    const n = run.numPrompts;
    const list = (key: string, item: (i: number) => string) => {
      out.write(`, ${pyString(key)}: [`);
      for (let i = 0; i < n; i++) out.write(i ? ", " + item(i) : item(i));
      out.write("]");
    };
    list("input_lens", (i) => String(run.inputLens[i]));
    list("output_lens", (i) => String(run.outputLens[i]));
    list("ttfts", (i) => pyFloat(run.ttfts[i]));
    list("itls", (i) => {
      const parts: string[] = [];
      for (let j = run.itlStart[i]; j < run.itlStart[i + 1]; j++) parts.push(pyFloat(run.itls[j]));
      return "[" + parts.join(", ") + "]";
    });
    list("generated_texts", (i) => pyString(generatedText(i, run.outputLens[i])));
    list("errors", (i) => pyString(run.errors.get(i) ?? ""));
    const tail: [string, number][] = [
      ["max_output_tokens_per_s", m.max_output_tokens_per_s],
      ["max_concurrent_requests", m.max_concurrent_requests]
    ];
    for (const family of run.families) {
      tail.push([`mean_${family}_ms`, m[`mean_${family}_ms`]]);
      tail.push([`median_${family}_ms`, m[`median_${family}_ms`]]);
      tail.push([`std_${family}_ms`, m[`std_${family}_ms`]]);
      for (const p of run.percentiles) tail.push([`p${p}_${family}_ms`, m[`p${p}_${family}_ms`]]);
    }
    // Peaks are counts but vLLM keeps them as floats.
    out.write(tail.map(([k, v]) => `, ${pyString(k)}: ${pyFloat(v)}`).join("") + "}");
    out.flush();
    return out.bytes;
  } finally {
    closeSync(fd);
  }
}

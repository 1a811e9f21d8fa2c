// Collects one record's per-request arrays as plain numbers and reduces them to distributions at the end.
import {summarize, type Summary} from "./summary.js";

/** What a run page draws from a --save-detailed file instead of the arrays themselves. */
export interface RequestDistributions {
  /** Requests in the arrays, and those with an error message (excluded from the distributions). */
  requests: number;
  failed: number;
  /** Distinct error messages with their counts (at most 10). */
  errors: {message: string; count: number}[];
  input_tokens: Summary | null;
  output_tokens: Summary | null;
  ttft_ms: Summary | null;
  /** Per request: (latency − TTFT) / (output tokens − 1), requests with more than one output token. */
  tpot_ms: Summary | null;
  /** Every gap between streamed chunks, all requests pooled. */
  itl_ms: Summary | null;
  /** Per request: the latency when saved, else TTFT plus its inter-token latencies. */
  e2el_ms: Summary | null;
}

/** Each request of a --save-detailed record, index by index: what an SLO is judged on. */
export interface PerRequest {
  /** False for a request with an error message. */
  ok: Uint8Array;
  /** Milliseconds; NaN where the file has no value. */
  ttft_ms: Float64Array;
  /** (latency − TTFT) / (output tokens − 1), vLLM's definition; NaN for a request of one output token or less. */
  tpot_ms: Float64Array;
  e2el_ms: Float64Array;
  input_tokens: Float64Array;
  output_tokens: Float64Array;
}

/** A growing list of doubles. */
export class Numbers {
  data = new Float64Array(1024);
  length = 0;

  grow(): void {
    const bigger = new Float64Array(this.data.length * 2);
    bigger.set(this.data);
    this.data = bigger;
  }

  push(value: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = value;
  }
}

const MAX_ERROR_KINDS = 10;

export class RequestCollector {
  private readonly lists = new Map<string, Numbers>();
  private readonly itls = new Numbers();
  private readonly itlSums = new Numbers();
  private itlLists = 0;
  private readonly failed = new Map<number, string>();

  /** The list a per-request number array is read into. */
  list(key: string): Numbers {
    const list = new Numbers();
    this.lists.set(key, list);
    return list;
  }

  /** Inter-token latencies of all requests, pooled; each request's list is read into it, then closed. */
  itlList(): Numbers {
    return this.itls;
  }

  /** Closes a request's inter-token latencies: those read since `from`. */
  endRequestItls(from: number): void {
    let sum = 0;
    for (let i = from; i < this.itls.length; i++) sum += this.itls.data[i];
    this.itlSums.push(sum);
    this.itlLists++;
  }

  error(index: number, message: string): void {
    if (message !== "") this.failed.set(index, message);
  }

  /** The per-request lists read, and how many requests they describe (the longest list). */
  private arrays() {
    const ttfts = this.lists.get("ttfts");
    const inputs = this.lists.get("input_lens");
    const outputs = this.lists.get("output_lens");
    const latencies = this.lists.get("latencies");
    const lengths = [ttfts, inputs, outputs, latencies].map((l) => l?.length ?? 0);
    return {ttfts, inputs, outputs, latencies, requests: Math.max(...lengths, this.itlLists)};
  }

  /** Every request's own figures, or null when the record has no per-request arrays. */
  perRequest(): PerRequest | null {
    const {ttfts, inputs, outputs, latencies, requests: n} = this.arrays();
    if (!ttfts && !outputs && !latencies) return null;
    const at = (list: Numbers | undefined, i: number): number => (list && i < list.length ? list.data[i] : NaN);
    const out: PerRequest = {
      ok: new Uint8Array(n),
      ttft_ms: new Float64Array(n),
      tpot_ms: new Float64Array(n),
      e2el_ms: new Float64Array(n),
      input_tokens: new Float64Array(n),
      output_tokens: new Float64Array(n)
    };
    for (let i = 0; i < n; i++) {
      const ttft = at(ttfts, i);
      const saved = at(latencies, i);
      const latency = Number.isNaN(saved) && i < this.itlSums.length ? ttft + this.itlSums.data[i] : saved;
      const tokens = at(outputs, i);
      out.ok[i] = this.failed.has(i) ? 0 : 1;
      out.ttft_ms[i] = ttft * 1000;
      out.e2el_ms[i] = latency * 1000;
      out.tpot_ms[i] = tokens > 1 ? ((latency - ttft) / (tokens - 1)) * 1000 : NaN;
      out.input_tokens[i] = at(inputs, i);
      out.output_tokens[i] = tokens;
    }
    return out;
  }

  distributions(): RequestDistributions | null {
    const {ttfts, inputs, outputs, latencies, requests} = this.arrays();
    if (!ttfts && !inputs && !outputs && !this.itlLists && !latencies) return null;
    const ok = (i: number) => !this.failed.has(i);
    const per = (value: (i: number) => number | null): Summary => {
      const out = new Float64Array(requests);
      let n = 0;
      for (let i = 0; i < requests; i++) {
        if (!ok(i)) continue;
        const v = value(i);
        if (v !== null && Number.isFinite(v)) out[n++] = v;
      }
      return summarize(out, n);
    };
    const at = (list: Numbers | undefined, i: number): number | null => (list && i < list.length ? list.data[i] : null);
    const latency = (i: number): number | null => {
      const saved = at(latencies, i);
      if (saved !== null) return saved;
      const ttft = at(ttfts, i);
      return ttft !== null && i < this.itlSums.length ? ttft + this.itlSums.data[i] : null;
    };
    const counts = new Map<string, number>();
    for (const message of this.failed.values()) counts.set(message, (counts.get(message) ?? 0) + 1);
    return {
      requests,
      failed: this.failed.size,
      errors: [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_ERROR_KINDS)
        .map(([message, count]) => ({message, count})),
      input_tokens: inputs ? per((i) => at(inputs, i)) : null,
      output_tokens: outputs ? per((i) => at(outputs, i)) : null,
      ttft_ms: ttfts ? per((i) => scaled(at(ttfts, i))) : null,
      tpot_ms:
        ttfts && outputs
          ? per((i) => {
              const out = at(outputs, i);
              const end = latency(i);
              const ttft = at(ttfts, i);
              return out !== null && out > 1 && end !== null && ttft !== null
                ? ((end - ttft) / (out - 1)) * 1000
                : null;
            })
          : null,
      itl_ms: this.itlLists ? summarize(scaleAll(this.itls)) : null,
      e2el_ms: latencies || (ttfts && this.itlLists) ? per((i) => scaled(latency(i))) : null
    };
  }
}

function scaled(seconds: number | null): number | null {
  return seconds === null ? null : seconds * 1000;
}

function scaleAll(list: Numbers): Float64Array {
  const out = list.data.subarray(0, list.length);
  for (let i = 0; i < out.length; i++) out[i] *= 1000;
  return out;
}

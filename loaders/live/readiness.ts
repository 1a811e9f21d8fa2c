// Waits until a starting server answers its health route (or /v1/models) with 200, or gives up with the reason.
export type Readiness =
  | {ready: true; path: string; seconds: number}
  | {ready: false; reason: "exited" | "timeout" | "aborted"; seconds: number};

export interface ReadinessOptions {
  baseUrl: string;
  path: string;
  timeoutMs: number;
  /** Resolves when the server process has exited (a dead server is never waited for). */
  exited: Promise<unknown>;
  signal?: AbortSignal;
  pollMs?: number;
}

const FALLBACK_PATH = "/v1/models";

async function answers(url: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const timeout = AbortSignal.timeout(2000);
    const response = await fetch(url, {signal: signal ? AbortSignal.any([signal, timeout]) : timeout});
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return null;
  }
}

export async function waitReady(options: ReadinessOptions): Promise<Readiness> {
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  let exited = false;
  let wake: (() => void) | null = null;
  void options.exited.then(() => {
    exited = true;
    wake?.();
  });
  const onAbort = (): void => wake?.();
  options.signal?.addEventListener("abort", onAbort);
  let path = options.path;
  const poll = options.pollMs ?? 250;
  try {
    for (;;) {
      if (options.signal?.aborted) return {ready: false, reason: "aborted", seconds: seconds()};
      if (exited) return {ready: false, reason: "exited", seconds: seconds()};
      const status = await answers(options.baseUrl + path, options.signal);
      if (status === 200 && !exited) return {ready: true, path, seconds: seconds()};
      // A server without the configured health route still lists its models once it can serve them.
      if (status === 404 && path !== FALLBACK_PATH) path = FALLBACK_PATH;
      if (performance.now() - started >= options.timeoutMs) {
        return {ready: false, reason: exited ? "exited" : "timeout", seconds: seconds()};
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), poll);
        wake = () => (clearTimeout(timer), resolve());
      });
      wake = null;
    }
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}

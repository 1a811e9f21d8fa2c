// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP into an abort for the duration of a live command; a second one hurries it.
export interface Interrupts {
  /** Aborted by the first signal: stop the server and the benchmark, keep no partial run. */
  signal: AbortSignal;
  /** Aborted by a second signal: no grace period left, SIGKILL at once. */
  hurry: AbortSignal;
}

const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export async function withInterrupts<T>(
  work: (interrupts: Interrupts) => Promise<T>,
  notify: (text: string) => void
): Promise<T> {
  const stop = new AbortController();
  const hurry = new AbortController();
  const handler = (name: NodeJS.Signals): void => {
    if (!stop.signal.aborted) {
      notify(`${name}: stopping the server and the benchmark (again to kill them at once)`);
      stop.abort();
    } else if (!hurry.signal.aborted) {
      notify(`${name}: killing them now`);
      hurry.abort();
    }
  };
  for (const name of SIGNALS) process.on(name, handler);
  try {
    return await work({signal: stop.signal, hurry: hurry.signal});
  } finally {
    for (const name of SIGNALS) process.off(name, handler);
  }
}

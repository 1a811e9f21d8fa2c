// Import as a series of steps (a file read, a run folder written): run straight through, or with a pause between
// steps in which Ctrl-C is heard. A signal's handler runs only when the event loop does, never inside a synchronous
// import, so the steps are where an interruption can land; the step interrupted unwinds and removes what it staged.

/** Work that yields between its steps and returns its result at the end. */
export type Steps<T> = Generator<void, T, void>;

/** A temporary folder an interrupted import had made: removed, or left for the next import, run or gather. */
export interface TempFolder {
  path: string;
  removed: boolean;
}

/** An import stopped by a signal between two steps; `temp` lists what it had staged and whether that is gone. */
export class ImportInterrupted extends Error {
  readonly temp: TempFolder[] = [];
  constructor(readonly studyDir: string) {
    super(`${studyDir}: import interrupted`);
  }
}

/** Runs every step at once, as a synchronous import does. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The event loop gets a turn at least this often (ms), so a signal is heard within about one step. */
const TURN_MS = 10;

/**
 * Runs the steps, giving the event loop a turn between them; once `signal` is aborted, the step in progress is
 * interrupted (ImportInterrupted thrown inside it, so its cleanup runs) and the error reaches the caller.
 */
export async function runStepsUntil<T>(steps: Steps<T>, signal: AbortSignal, studyDir: string): Promise<T> {
  let turn = performance.now();
  let step = steps.next();
  while (!step.done) {
    if (performance.now() - turn >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
    step = signal.aborted ? steps.throw(new ImportInterrupted(studyDir)) : steps.next();
  }
  return step.value;
}

// Node fires a timer of more than 2^31 − 1 ms at once: a longer limit (one meant as "no limit") waits that long,
// 24.8 days.
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a timer can wait it. */
export function timerMs(ms: number): number {
  return Math.min(ms, LONGEST_TIMER_MS);
}

// Run ids with the numbers inside them read as numbers (2048 before 16384, r2 before r10), as every table orders them.
// One collator, made once: localeCompare(b, "en", {numeric: true}) makes one per call, the most of a large sort (BENCHMARKS.md).

/** Compares two ids as `a.localeCompare(b, "en", {numeric: true})` does. */
export const naturalOrder = new Intl.Collator("en", {numeric: true}).compare;

// Its own module: the build script reads it before Framework starts, and the analysis it lives beside takes a second to load.
/** The study folder the loaders read: TPS_REPORT_STUDY (set and not empty), else the seed study. */
export function studyDir(): string {
  return process.env.TPS_REPORT_STUDY || "data/studies/qwen3-32b-a100";
}

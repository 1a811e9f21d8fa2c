// Its own module: the build script reads it before Framework starts, and the analysis it lives beside takes a second to load.
/** The study folder the loaders read: TPS_REPORT_STUDY, else (unset or blank, as buildTarget reads it) the seed study. */
export function studyDir(env: Record<string, string | undefined> = process.env): string {
  const named = env.TPS_REPORT_STUDY;
  return named?.trim() ? named : "data/studies/qwen3-32b-a100";
}

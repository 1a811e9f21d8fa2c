// Why a path is not a study, or cannot be a new one: one wording for the CLI's commands and the site's build.
import {existsSync, statSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {shellWord} from "../command/shell-quote.js";

const STUDY_IS = "a study is a folder with study.yaml (the plan) and runs/ (one folder per run)";

/** Why `dir` is not a study folder, or null when it has a study.yaml file. */
export function notAStudy(dir: string): string | null {
  if (!existsSync(dir)) return `${dir} does not exist`;
  if (!statSync(dir).isDirectory())
    return basename(dir) === "study.yaml"
      ? `${dir} is a study's plan; give its folder, ${dirname(dir)}`
      : `${dir} is a file, not a study: ${STUDY_IS}`;
  const plan = join(dir, "study.yaml");
  if (!existsSync(plan))
    return (
      `${dir} is not a study: ${STUDY_IS}; ` +
      `start one with 'tps-report import RESULTS… --into ${shellWord(dir, "bash")}' or 'tps-report new ${shellWord(dir, "bash")}'`
    );
  if (!statSync(plan).isFile()) return `${plan} is not a file`;
  return null;
}

/** Why `dir` cannot be a new study's folder: it names the plan inside one. */
export function planNotFolder(dir: string): string | null {
  if (basename(resolve(dir)) !== "study.yaml") return null;
  return `${dir}: give the study's folder, ${dirname(dir)}; study.yaml is written inside it`;
}

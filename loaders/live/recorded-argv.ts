// The benchmark command as a run records it: portable, so a record made on one machine reads the same on another.
import {nativeClient} from "../command/argv.js";

/**
 * `argv` as started, made portable: the native client's node binary and checkout path become `tps-report`, and the
 * run's own folder (`runDir`, temporary or final) becomes `runs/<id>`, relative to the study folder.
 */
export function recordedClientArgv(argv: string[], native: boolean, runDir: string, id: string): string[] {
  const prefix = nativeClient().slice(0, -1);
  const own = native && prefix.every((word, i) => argv[i] === word);
  const words = own ? ["tps-report", ...argv.slice(prefix.length)] : argv;
  return words.map((arg) => arg.replaceAll(runDir, `runs/${id}`));
}

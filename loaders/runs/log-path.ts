// A record names its logs as pages show them (from the naming base); they are read from the run's own folder.
import {basename, join} from "node:path";

/** Where `log`, one of the record's logs, is read: every log lies in the run's folder. */
export function logPath(record: {dir: string}, log: string): string {
  return join(record.dir, basename(log));
}

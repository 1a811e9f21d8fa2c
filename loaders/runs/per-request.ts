// A run's per-request figures: read from its result file once and kept on its record, so every table and column made
// from them reads the file once, and an incremental build (its record cache) not at all.
import {readResultJson} from "../requests/stream-result-json.js";
import type {PerRequest} from "../requests/request-collector.js";
import {logPath} from "./log-path.js";

/** The first record with per-request arrays among a run's JSON logs, read from its folder. */
export function readPerRequest(record: {dir: string; logs: readonly string[]}): PerRequest | null {
  for (const file of record.logs) {
    if (!file.endsWith(".json")) continue;
    try {
      const found = readResultJson(logPath(record, file)).find((r) => r.perRequest);
      if (found?.perRequest) return found.perRequest;
    } catch {
      // The parser reports a malformed result file with its line; there is then nothing per request to judge.
    }
  }
  return null;
}

/** The run's per-request figures: read on first use and kept on the record. */
export function perRequestOf(record: {
  dir: string;
  logs: readonly string[];
  perRequest?: PerRequest | null;
}): PerRequest | null {
  if (record.perRequest === undefined) record.perRequest = readPerRequest(record);
  return record.perRequest;
}

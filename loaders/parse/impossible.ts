// Values a result block prints that cannot be true: flagged and set aside (kept as text in `extra`), so no mean,
// table or decision uses them. A peak rate over one second cannot exceed what the whole run produced.
import type {ParsedBlock, ParseIssue} from "../canonical.js";
import {FINDING_FORMS} from "../finding.js";
import {fillForm} from "../text.js";

/** Labels the checked metrics are printed under, to name the line. */
const LABELS: Record<string, RegExp> = {
  max_output_tokens_per_s: /^\s*peak output token throughput/i,
  max_concurrent_requests: /^\s*peak concurrent requests/i
};

/** Why each impossible metric of the block cannot be true, by metric: the finding's message. */
function impossible(block: ParsedBlock): Map<string, string> {
  const m = block.metrics;
  const found = new Map<string, string>();
  const peak = m.max_output_tokens_per_s;
  if (
    peak != null &&
    m.total_output_tokens != null &&
    m.duration != null &&
    m.duration >= 1 &&
    peak > m.total_output_tokens
  )
    found.set(
      "max_output_tokens_per_s",
      fillForm(FINDING_FORMS.impossiblePeak, {
        metric: "max_output_tokens_per_s",
        peak,
        tokens: m.total_output_tokens,
        duration: m.duration
      })
    );
  const sent = m.completed != null ? m.completed + (m.failed ?? 0) : null;
  const concurrent = m.max_concurrent_requests;
  if (concurrent != null && sent != null && sent > 0 && concurrent > sent)
    found.set(
      "max_concurrent_requests",
      fillForm(FINDING_FORMS.impossibleConcurrency, {metric: "max_concurrent_requests", concurrent, sent})
    );
  return found;
}

/** Sets aside the block's impossible values; one warning each, on its line where the text shows it. */
export function setAsideImpossible(block: ParsedBlock, lines: readonly string[] | null): ParseIssue[] {
  const issues: ParseIssue[] = [];
  for (const [key, message] of impossible(block)) {
    const value = block.metrics[key]!;
    delete block.metrics[key];
    block.extra[key] = String(value);
    let line = block.lines[0];
    if (lines)
      for (let n = block.lines[0]; n <= block.lines[1]; n++)
        if (LABELS[key].test(lines[n - 1] ?? "")) {
          line = n;
          break;
        }
    issues.push({line, message});
  }
  return issues;
}

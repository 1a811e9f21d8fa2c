// A study's files put text of any length into the sentences the pages read back by form (a server command's model in
// a finding, a not-run reason in run.json). Read with backtracking patterns, a 4,000-character text made of a form's
// own fixed words took 1.7 s for one sentence (outputTokensBelow), and the time grew with a power of the length: a
// hostile run.json could stall the build.
import {describe, expect, it} from "vitest";
import {CLAIM_DETAILS} from "../../loaders/analysis/claim-details.js";
import {TUNE_REASONS} from "../../loaders/analysis/tuner.js";
import {FINDING_FORMS} from "../../loaders/finding.js";
import {NOT_RUN_REASONS} from "../../loaders/runs/not-run.js";
import {claimText, findingMessage, recordedReason} from "../../src/components/libraryText.js";

/** The form's fixed words over and over, never closed: the most ways to split a text that a reading can try. */
function hostile(form: string, length: number): string {
  const pieces = form.split(/\{[a-z]+\}/i).filter(Boolean);
  let text = "";
  while (text.length < length) text += pieces.join("x");
  return `${text}!`;
}

describe("reading a sentence back by its form", () => {
  // No time is measured: the backtracking reading does not finish these within the test's timeout.
  it("reads 200,000 characters of each form's own words, every form", () => {
    const readers = [
      [NOT_RUN_REASONS, (text: string) => recordedReason(text, "tr")],
      [TUNE_REASONS, (text: string) => recordedReason(text, "tr")],
      [FINDING_FORMS, (text: string) => findingMessage({message: text}, "tr")],
      [CLAIM_DETAILS, (text: string) => claimText(text, "tr")]
    ] as const;
    for (const [forms, read] of readers)
      for (const form of Object.values(forms)) {
        const text = hostile(form, 200_000);
        // As written, or read by a form whose last slot takes the rest: the text's end is on the page either way.
        expect(read(text)).toContain(text.slice(-50));
      }
  });
});

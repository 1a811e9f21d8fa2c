// A step reduced to the names a page shows: its title and the labels of the candidates the page mentions.
import type {StepReport} from "../analysis/derive.js";
import type {Text} from "../text.js";

/** The step's title and its candidates' labels; only the candidates listed in `keep` when it is given. */
export function stepNames(step: StepReport, keep?: ReadonlySet<string>): StepNames {
  return {
    id: step.id,
    title: step.title,
    candidates: step.candidates.filter((c) => !keep || keep.has(c.id)).map((c) => ({id: c.id, label: c.label}))
  };
}

/** A step as a page that only names it needs it: its title and the labels of the candidates the page mentions. */
export interface StepNames {
  id: string;
  title: Text;
  candidates: {id: string; label: string}[];
}

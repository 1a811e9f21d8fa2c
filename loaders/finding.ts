// A finding of check: what is wrong or worth knowing, and where.
import type {Text} from "./text.js";

export type Severity = "error" | "warning" | "info";
export interface Finding {
  severity: Severity;
  code: string;
  message: string;
  run: string | null;
  file: string | null;
  line: number | null;
  /** The message in both page languages, where a page shows it (`message` is text.en). */
  text?: Text;
}

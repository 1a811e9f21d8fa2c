// A finding of check: what is wrong or worth knowing, and where.

export type Severity = "error" | "warning" | "info";
export interface Finding {
  severity: Severity;
  code: string;
  message: string;
  run: string | null;
  file: string | null;
  line: number | null;
}

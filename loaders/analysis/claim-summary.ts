// A study's claim audit at a glance: how many published figures hold, and which do not, for a site of many studies.
import type {Text} from "../text.js";
import type {ClaimCheck} from "./claims.js";

export interface ClaimSummary {
  confirmed: number;
  contradicted: number;
  unverifiable: number;
  /** The published figures that do not hold: what, as published, as recomputed. */
  contradictions: ({subject: Text; published: string; recomputed: string} & Pick<ClaimCheck, "metric" | "unit">)[];
}

export function claimSummary(claims: readonly ClaimCheck[]): ClaimSummary {
  const count = (status: ClaimCheck["status"]) => claims.filter((c) => c.status === status).length;
  return {
    confirmed: count("confirmed"),
    contradicted: count("contradicted"),
    unverifiable: count("unverifiable"),
    contradictions: claims
      .filter((c) => c.status === "contradicted")
      .map((c) => ({
        subject: c.subject,
        ...(c.metric ? {metric: c.metric} : {}),
        ...(c.unit ? {unit: c.unit} : {}),
        published: c.published,
        recomputed: c.recomputed
      }))
  };
}

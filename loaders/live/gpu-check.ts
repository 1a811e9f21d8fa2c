// Each server configuration's GPU need against this host's GPUs: a need the host cannot meet, a pin to a GPU it does
// not have, or (side by side) two configurations pinned to one GPU is a problem of the plan, named by file and line.
import {gpuNeed, type GpuNeed} from "../study/gpu-need.js";
import {formatPlace, PlanLines} from "../study/plan-lines.js";
import type {StudyPlan} from "../study/plan.js";
import type {HostGpus} from "./host-gpus.js";
import type {ServerGroup} from "./selection.js";

export interface GroupNeed {
  group: ServerGroup;
  need: GpuNeed;
}

/** The needs of `groups`, or the plan's problems, one line each (file:line: path: message). */
export function checkGpuNeeds(
  plan: StudyPlan,
  groups: ServerGroup[],
  host: HostGpus,
  parallel: boolean
): GroupNeed[] | {problems: string[]} {
  const lines = new PlanLines(plan);
  const problems: {line: string; order: number}[] = [];
  const report = (group: ServerGroup, sub: (string | number)[], message: string): void => {
    const place = lines.candidate(group.step.id, group.candidate.id, sub);
    problems.push({line: formatPlace(place, message), order: place.line});
  };
  const hostText = (): string => {
    const indices = host.gpus.map((g) => g.index).join(", ");
    return host.visible != null
      ? `${host.gpus.length} visible (CUDA_VISIBLE_DEVICES=${host.visible})`
      : `${host.gpus.length} (nvidia-smi: ${indices})`;
  };
  const needs: GroupNeed[] = [];
  // A configuration runs in several groups only when the selection splits it; each is checked once.
  const seen = new Set<string>();
  for (const group of groups) {
    const need = gpuNeed(group.candidate, plan.hardware.count);
    if ("problem" in need) {
      if (!seen.has(group.key)) report(group, need.at === "gpus" ? ["gpus"] : ["server", need.at], need.problem);
      seen.add(group.key);
      continue;
    }
    needs.push({group, need});
    if (seen.has(group.key) || host.error) continue;
    seen.add(group.key);
    const where = need.from === "flags" ? ["server", need.arg!] : need.from === "plan" ? pinPlace(need) : [];
    if (need.count > host.gpus.length) {
      const message = `needs ${need.count} GPUs (${need.stated}) but this host has ${hostText()}`;
      if (need.from === "hardware") {
        const place = lines.key(["hardware", "count"]);
        problems.push({line: formatPlace(place, `${group.key} ${message}`), order: place.line});
      } else report(group, where, message);
      continue;
    }
    const missing = need.pinned?.filter((gpu) => !host.gpus.some((g) => g.index === gpu)) ?? [];
    if (missing.length)
      report(
        group,
        pinPlace(need),
        `pinned to GPU ${missing.join(", ")}, which this host does not have (it has ${hostText()})`
      );
  }
  if (parallel) {
    // Pins are placements: two configurations pinned to one GPU cannot run side by side.
    const pinnedBy = new Map<number, GroupNeed>();
    for (const entry of needs) {
      for (const gpu of entry.need.pinned ?? []) {
        const other = pinnedBy.get(gpu);
        if (other && other.group.key !== entry.group.key) {
          const first = lines.candidate(other.group.step.id, other.group.candidate.id, pinPlace(other.need));
          report(
            entry.group,
            pinPlace(entry.need),
            `pinned to GPU ${gpu}, as ${other.group.key} is (${first.file}:${first.line}); --parallel runs them side by side, so a GPU is pinned once`
          );
          break;
        }
        pinnedBy.set(gpu, entry);
      }
    }
  }
  if (problems.length) return {problems: problems.sort((a, b) => a.order - b.order).map((p) => p.line)};
  return needs;
}

function pinPlace(need: GpuNeed): (string | number)[] {
  return need.pinnedBy === "plan" || need.pinnedBy === undefined ? ["gpus"] : ["server", need.pinnedBy];
}

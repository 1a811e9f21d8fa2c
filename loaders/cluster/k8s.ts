// `tps-report run STUDY --emit k8s`: a batch/v1 Indexed Job, one completion index per server group.
import {stringify} from "yaml";
import {shellLine, shellWord} from "../command/shell-quote.js";
import {yamlComment} from "../study/yaml-text.js";
import {ClusterError, type ClusterTask} from "./tasks.js";

export interface K8sOptions {
  studyId: string;
  tasks: ClusterTask[];
  image: string;
  /** PersistentVolumeClaim holding the study folder and the tasks folder. */
  claim: string;
  /** Where the claim is mounted in the pod. */
  mount: string;
  /** The study folder and the tasks folder inside the pod. */
  studyPath: string;
  tasksPath: string;
  parallel?: number;
  /** Retries of one index before it counts as failed. */
  backoffLimitPerIndex: number;
  gpuCount: number;
  /** The tps-report command in the image: a .js/.mjs entry (run with node) or a command on PATH. */
  cli: string;
  runArgs?: string[];
  namespace?: string;
}

/** A Job name is a DNS label: lowercase letters, digits and '-', at most 63 characters. */
export function jobName(studyId: string): string {
  const name = `tps-${studyId}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-");
  return name.slice(0, 63).replace(/-+$/, "");
}

export function k8sJob(o: K8sOptions): Record<string, unknown> {
  if (o.tasks.length === 0) throw new ClusterError("no runs selected: nothing to submit");
  const name = jobName(o.studyId);
  const labels = {"app.kubernetes.io/name": "tps-report", "app.kubernetes.io/instance": name};
  const cli = /\.m?js$/.test(o.cli) ? ["node", o.cli] : [o.cli];
  // sh -c SCRIPT NAME GROUP0 GROUP1…: index i is positional parameter i+1, no word splitting anywhere.
  const script = [
    "set -eu",
    'shift "$JOB_COMPLETION_INDEX"',
    'group="$1"',
    'echo "tps-report task $JOB_COMPLETION_INDEX: $group on ${TPS_NODE_NAME:-$(hostname)}"',
    `exec ${shellLine([...cli, "run", o.studyPath])} --only "$group" --runs-dir ${shellWord(o.tasksPath)}/"$group" ${shellLine(["--port", "auto", "--resume", ...(o.runArgs ?? [])])}`
  ].join("\n");
  const container: Record<string, unknown> = {
    name: "tps-report",
    image: o.image,
    command: ["sh", "-c", script, "tps-report-task", ...o.tasks.map((t) => t.group)],
    env: [
      {name: "TPS_JOB_NAME", value: name},
      {name: "TPS_NODE_NAME", valueFrom: {fieldRef: {fieldPath: "spec.nodeName"}}}
    ],
    volumeMounts: [{name: "results", mountPath: o.mount}]
  };
  if (o.gpuCount > 0) container.resources = {limits: {"nvidia.com/gpu": o.gpuCount}};
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: {name, ...(o.namespace ? {namespace: o.namespace} : {}), labels},
    spec: {
      completionMode: "Indexed",
      completions: o.tasks.length,
      parallelism: Math.min(o.parallel ?? o.tasks.length, o.tasks.length),
      backoffLimitPerIndex: o.backoffLimitPerIndex,
      template: {
        metadata: {labels},
        spec: {
          restartPolicy: "Never",
          containers: [container],
          volumes: [{name: "results", persistentVolumeClaim: {claimName: o.claim}}]
        }
      }
    }
  };
}

export function k8sYaml(o: K8sOptions): string {
  const job = stringify(k8sJob(o), {lineWidth: 0, aliasDuplicateObjects: false});
  const header = [
    `Study ${o.studyId}: ${o.tasks.length} server configuration${o.tasks.length === 1 ? "" : "s"}, one completion index each (written by tps-report run --emit k8s).`,
    ...o.tasks.map((t) => `  index ${t.index}: ${t.group} (${t.runs.length} run${t.runs.length === 1 ? "" : "s"})`),
    `kubectl apply -f this file; when it is complete, copy ${shellWord(o.tasksPath)} out of the volume and run tps-report gather.`
  ];
  return header.map((line) => `# ${yamlComment(line)}`).join("\n") + "\n" + job;
}

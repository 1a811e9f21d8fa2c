// Where a run ran: the host, the scheduler that placed it (Slurm, Kubernetes or none) and its job and task ids.
import {hostname} from "node:os";

export interface Placement {
  scheduler: "slurm" | "k8s" | "none";
  host: string;
  /** Slurm: SLURM_JOB_ID (each array task has its own); Kubernetes: the Job's name. */
  job_id?: string;
  /** Slurm arrays: SLURM_ARRAY_JOB_ID, the id `sbatch` printed. */
  array_job_id?: string;
  /** SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX. */
  task_id?: string;
  /** Kubernetes: the pod (its HOSTNAME). */
  pod?: string;
  /** The GPUs the scheduler handed over (CUDA_VISIBLE_DEVICES, SLURM_JOB_GPUS or NVIDIA_VISIBLE_DEVICES). */
  gpus_visible?: string;
}

const set = (value: string | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

export function placement(env: NodeJS.ProcessEnv = process.env, host = hostname()): Placement {
  const gpus = set(env.CUDA_VISIBLE_DEVICES) ?? set(env.SLURM_JOB_GPUS) ?? set(env.NVIDIA_VISIBLE_DEVICES);
  const place: Placement = {scheduler: "none", host};
  if (set(env.SLURM_JOB_ID)) {
    place.scheduler = "slurm";
    place.job_id = set(env.SLURM_JOB_ID);
    place.array_job_id = set(env.SLURM_ARRAY_JOB_ID);
    place.task_id = set(env.SLURM_ARRAY_TASK_ID);
  } else if (set(env.JOB_COMPLETION_INDEX) !== undefined) {
    place.scheduler = "k8s";
    // The emitted Job passes its name and the pod's node in (the downward API); HOSTNAME is the pod.
    place.host = set(env.TPS_NODE_NAME) ?? host;
    place.job_id = set(env.TPS_JOB_NAME);
    place.task_id = set(env.JOB_COMPLETION_INDEX);
    place.pod = set(env.HOSTNAME);
  }
  if (gpus) place.gpus_visible = gpus;
  return Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined)) as unknown as Placement;
}

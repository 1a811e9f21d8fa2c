// Progress of a live study: a redrawn status line on a terminal, plain time-stamped lines in a log.
export type Phase = "starting server" | "warming" | "benchmarking" | "stopping server";

export interface ProgressOptions {
  stream: NodeJS.WritableStream & {columns?: number};
  /** Redraw one status line in place (a terminal); otherwise write plain lines. */
  live: boolean;
  /** In plain mode, how often a long phase repeats its line. */
  heartbeatMs?: number;
  now?: () => number;
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `${h}h ${String(m).padStart(2, "0")}m`;
  if (m) return `${m}m ${String(sec).padStart(2, "0")}s`;
  return `${sec}s`;
}

/** What the runner of one server configuration reports. */
export interface RunProgress {
  runStart(id: string): void;
  phase(phase: Phase, detail?: string, subject?: string): void;
  runEnd(id: string, status: "ok" | "failed", detail?: string): void;
  note(text: string): void;
}

export class Progress implements RunProgress {
  private total = 0;
  private done = 0;
  private executed = 0;
  private started = 0;
  private lastEnd = 0;
  private run: string | null = null;
  private phaseName: Phase | null = null;
  private phaseSince = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastLine = 0;
  private readonly now: () => number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
    this.heartbeatMs = options.heartbeatMs ?? 60_000;
  }

  /** `done`: runs already complete before this command (skipped). */
  begin(total: number, done: number): void {
    this.total = total;
    this.done = done;
    this.started = this.now();
    this.lastEnd = this.started;
    this.timer = setInterval(() => this.tick(), this.options.live ? 1000 : Math.min(this.heartbeatMs, 10_000));
    this.timer.unref();
  }

  runStart(id: string): void {
    this.run = id;
  }

  /** `subject`: what the phase is about when no run is current (a server being stopped after its last run). */
  phase(phase: Phase, detail?: string, subject?: string): void {
    this.phaseOf(this.run ?? subject ?? "", phase, detail);
  }

  /** A phase of a named run or server: with servers side by side (--parallel) several are current at once. */
  phaseOf(name: string, phase: Phase, detail?: string): void {
    this.phaseName = phase;
    this.phaseSince = this.now();
    this.line(`${this.position()} ${name}: ${phase}${detail ? ` — ${detail}` : ""}`);
  }

  runEnd(id: string, status: "ok" | "failed", detail?: string): void {
    this.done += 1;
    this.executed += 1;
    this.lastEnd = this.now();
    this.run = null;
    this.phaseName = null;
    this.line(`${this.position(true)} ${id}: ${status}${detail ? ` — ${detail}` : ""} (${this.timing()})`);
  }

  note(text: string): void {
    this.line(text);
  }

  end(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.options.live) this.options.stream.write("\r\x1b[2K");
  }

  /** Estimated time left: the mean wall time of runs done by this command times the runs still to do, less the
   * time already spent on the current one. */
  remainingMs(): number | null {
    if (this.executed === 0) return null;
    const mean = (this.lastEnd - this.started) / this.executed;
    return Math.max(0, mean * (this.total - this.done) - (this.now() - this.lastEnd));
  }

  private position(after = false): string {
    return `[${after ? this.done : Math.min(this.done + 1, this.total)}/${this.total}]`;
  }

  private timing(): string {
    const left = this.remainingMs();
    return `elapsed ${formatDuration(this.now() - this.started)}${left == null ? "" : `, about ${formatDuration(left)} left`}`;
  }

  private status(): string {
    const phase = this.phaseName ? ` · ${this.phaseName} ${formatDuration(this.now() - this.phaseSince)}` : "";
    const left = this.remainingMs();
    const timing = `${formatDuration(this.now() - this.started)} elapsed${left == null ? "" : `, ~${formatDuration(left)} left`}`;
    return `${this.position()} ${this.run ?? ""}${phase} · ${timing}`;
  }

  private line(text: string): void {
    const stream = this.options.stream;
    const stamp = new Date(this.now()).toISOString().slice(11, 19);
    if (this.options.live) {
      stream.write(`\r\x1b[2K${text}\n`);
      this.draw();
    } else stream.write(`${stamp} ${text}\n`);
    this.lastLine = this.now();
  }

  private draw(): void {
    if (!this.run) return;
    const width = this.options.stream.columns ?? 120;
    const text = this.status();
    this.options.stream.write(`\r\x1b[2K${text.length > width - 1 ? text.slice(0, width - 2) + "…" : text}`);
  }

  private tick(): void {
    if (this.options.live) return this.draw();
    if (this.run && this.phaseName && this.now() - this.lastLine >= this.heartbeatMs)
      this.line(`${this.position()} ${this.run}: still ${this.phaseName} (${this.timing()})`);
  }
}

/** One server's view of the study's progress when servers run side by side: its own current run, its GPUs named. */
export class SlotProgress implements RunProgress {
  private run: string | null = null;

  constructor(
    private readonly progress: Progress,
    private readonly label: string
  ) {}

  runStart(id: string): void {
    this.run = id;
    this.progress.runStart(id);
  }

  phase(phase: Phase, detail?: string, subject?: string): void {
    this.progress.phaseOf(`${this.run ?? subject ?? ""} (${this.label})`, phase, detail);
  }

  runEnd(id: string, status: "ok" | "failed", detail?: string): void {
    this.run = null;
    this.progress.runEnd(`${id} (${this.label})`, status, detail);
  }

  note(text: string): void {
    this.progress.note(`${text} (${this.label})`);
  }
}

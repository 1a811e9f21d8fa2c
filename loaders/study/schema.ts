// The study format, defined once: study.yaml and run.json as zod schemas. The types, the validation (with file and
// line, see schema-issues.ts), schema/*.schema.json and docs/study-format.md all come from these definitions.
import {z} from "zod";
import {ID_MAX_LENGTH, ID_PATTERN, idProblem} from "./ids.js";
import {CONFIDENCE_MAX, CONFIDENCE_MIN, CONFIDENCE_RULE} from "./repeats.js";

/** A value a person still has to fill in: import writes it for what the files do not say; check warns about each. */
export const PLACEHOLDER = "TODO";

export function isPlaceholder(value: unknown): boolean {
  return typeof value === "string" && value.startsWith(PLACEHOLDER);
}

// The checks give issue 15's message (ids.ts); the first that fails stops the others, so an id has one message.
const idError = {error: (issue: {input?: unknown}) => idProblem(issue.input) ?? "not an id", abort: true};
export const IdSchema = z
  .string(idError)
  .max(ID_MAX_LENGTH, idError)
  .regex(ID_PATTERN, idError)
  .regex(/[^-]$/, idError)
  .meta({
    description: "An id: lowercase letters, digits, `.` and `_`, single `-` between them, at most 64 characters."
  });

const LocalizedSchema = z
  .strictObject({
    en: z.string().min(1).optional().meta({description: "English text."}),
    tr: z.string().min(1).optional().meta({description: "Turkish text."})
  })
  .refine((t) => t.en != null || t.tr != null, "give 'en', 'tr' or both");

export const TextSchema = z.union([z.string().min(1), LocalizedSchema]).meta({
  description: "Text shown on the site: a plain string, or {en, tr}; a missing language falls back to the other.",
  examples: ["Engine selection", {en: "Engine selection", tr: "Çıkarım motoru seçimi"}]
});

const Argv = z.array(z.union([z.string(), z.number()]));
const GPUS_ERROR = "must be a GPU count from 1, or a list of GPU indices from 0";
const count = z.int().min(0);

// Bounds of a workload and its load: past them no serving engine keeps up, and a number would print in exponent form
// (1e-7, 1e+21), which no run id, no command and no reader takes.
export const MAX_CONCURRENCY = 100_000;
export const MIN_REQUEST_RATE = 0.001;
export const MAX_REQUEST_RATE = 1_000_000;
/** Requests of one run, and tokens of one prompt or output. */
export const MAX_PROMPTS = 10_000_000;
export const MAX_TOKENS = 10_000_000;
const wholeFrom = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.int({error}).min(min, {error}).max(max, {error});
};
const CONCURRENCY = wholeFrom(1, MAX_CONCURRENCY);
const RATE_ERROR = `must be a number from ${MIN_REQUEST_RATE} to ${MAX_REQUEST_RATE} (requests per second)`;
const rate = (error: string) => z.number({error}).min(MIN_REQUEST_RATE, {error}).max(MAX_REQUEST_RATE, {error});
const tokens = wholeFrom(0, MAX_TOKENS);

const REPEATS_ERROR = "must be a whole number from 1 to 1000";
const Repeats = z
  .int({error: REPEATS_ERROR})
  .min(1, {error: REPEATS_ERROR})
  .max(1000, {error: REPEATS_ERROR})
  .optional()
  .meta({
    description: "Runs of each point, each a run of its own (`--r<k>` from the second). Default: 1.",
    examples: [5]
  });

const LEVELS_ERROR = "must be a list of increasing numbers";
export const LoadsSchema = z
  .strictObject({
    concurrency: z
      .array(CONCURRENCY)
      .min(1)
      .optional()
      .meta({description: "Concurrency levels (`--max-concurrency`), lowest first.", examples: [[1, 2, 4, 8, 16]]}),
    request_rate: z
      .array(rate(RATE_ERROR))
      .min(1)
      .optional()
      .meta({description: "Request rates per second (`--request-rate`), lowest first.", examples: [[1, 2, 4]]}),
    prompts_per_load: z
      .number()
      .min(0)
      .optional()
      .meta({
        description:
          "Requests per load level: max(the scenario's `num_prompts`, this × the level), so every level runs long enough to reach steady state. Default: 0 (`num_prompts` at every level).",
        examples: [10]
      }),
    prompts: z
      .array(wholeFrom(1, MAX_PROMPTS))
      .min(1)
      .optional()
      .meta({
        description:
          "Requests at each level, one number per level in the same order: for a sweep whose counts follow no rule (as imported). Instead of `prompts_per_load`.",
        examples: [[300, 600, 1200, 2400, 3200]]
      }),
    preset: z
      .enum(["mlperf-endpoints"])
      .optional()
      .meta({
        description:
          "mlperf-endpoints: a curve like MLPerf Endpoints' — fixed-concurrency points (default levels 1, 2, 4, 8, 16, 32, 64, 128), interactivity drawn as 1000 / p90 TPOT beside the median-based figure, and the Pareto frontier as a step function. README, \"Load curves and latency targets\", says what differs from MLPerf's rules.",
        examples: ["mlperf-endpoints"]
      })
  })
  .refine(
    (l) => (l.preset != null ? l.request_rate == null : (l.concurrency == null) !== (l.request_rate == null)),
    "give 'concurrency' or 'request_rate', one kind (the mlperf-endpoints preset is a concurrency ladder)"
  )
  .refine((l) => l.prompts == null || l.prompts_per_load == null, "give 'prompts' or 'prompts_per_load', not both")
  .refine(
    (l) => l.prompts == null || l.prompts.length === (l.concurrency ?? l.request_rate ?? []).length,
    "'prompts' needs one number per level"
  )
  .refine((l) => (l.concurrency ?? l.request_rate ?? []).every((v, i, a) => i === 0 || v > a[i - 1]), LEVELS_ERROR)
  .superRefine((l, ctx) => {
    // What scenarioAtLoad sends at a level: max(num_prompts, ⌈prompts_per_load × level⌉).
    const level = (l.concurrency ?? l.request_rate ?? []).find(
      (v) => Math.ceil((l.prompts_per_load ?? 0) * v) > MAX_PROMPTS
    );
    if (level != null)
      ctx.addIssue({
        code: "custom",
        message: `level ${level} asks for ${Math.ceil(l.prompts_per_load! * level)} requests (prompts_per_load × level), more than ${MAX_PROMPTS}`
      });
  })
  .meta({
    description:
      "A load ladder: the scenario runs at each level, each a point of its own (`--c<N>` or `--q<R>` in the run id)."
  });

const PRICE_ERROR = "must be a number of dollars per GPU-hour above 0";
const ATTAINMENT_ERROR = "must be a share of requests above 0 and at most 1 (0.95 for 95 %)";

export const SLO_METRICS = ["ttft_ms", "tpot_ms", "itl_ms", "e2el_ms"] as const;
export const SLO_STATISTICS = ["mean", "median", "p90", "p95", "p99"] as const;
const LimitSchema = z
  .strictObject({
    mean: z.number().positive().optional(),
    median: z.number().positive().optional(),
    p90: z.number().positive().optional(),
    p95: z.number().positive().optional(),
    p99: z.number().positive().optional()
  })
  .refine(
    (l) => Object.values(l).filter((v) => v != null).length === 1,
    "give one statistic: mean, median, p90, p95 or p99"
  )
  .meta({description: "One statistic and its limit in milliseconds.", examples: [{p99: 2000}]});

export const SloSchema = z
  .strictObject({
    ttft_ms: LimitSchema.optional().meta({description: "Time to first token."}),
    tpot_ms: LimitSchema.optional().meta({description: "Time per output token after the first, vLLM's definition."}),
    itl_ms: LimitSchema.optional().meta({description: "Inter-token latency (aggregate statistics only)."}),
    e2el_ms: LimitSchema.optional().meta({description: "End-to-end latency of a request."}),
    attainment: z
      .number({error: ATTAINMENT_ERROR})
      .gt(0, {error: ATTAINMENT_ERROR})
      .max(1, {error: ATTAINMENT_ERROR})
      .optional()
      .meta({
        description:
          "Share of requests that must meet every per-request limit (TTFT, TPOT, E2EL) where per-request data exist. Default: 0.95.",
        examples: [0.95]
      })
  })
  .refine((s) => SLO_METRICS.some((m) => m in s), "give at least one of ttft_ms, tpot_ms, itl_ms, e2el_ms")
  .meta({
    description: "The latency target a configuration must meet to count (`objective: max_throughput_within_slo`).",
    examples: [{ttft_ms: {p99: 2000}, tpot_ms: {p99: 50}, attainment: 0.95}]
  });

export const SearchSchema = z
  .strictObject({
    kind: z.literal("goodput").meta({description: "goodput: the highest concurrency whose run meets the SLO."}),
    tolerance: z
      .number()
      .gt(0)
      .lt(1)
      .optional()
      .meta({
        description:
          "Bisection stops once the highest level within the SLO and the lowest beyond it differ by at most this share of the former (or by 1). Default: 0.1.",
        examples: [0.125]
      }),
    max_probes: z
      .int()
      .min(1)
      .max(1000)
      .optional()
      .meta({description: "Most runs the search makes, doubling and bisection together. Default: 16.", examples: [12]})
  })
  .meta({
    description:
      "Live mode: instead of running every level, double concurrency up the ladder (its first level to its last) until a run breaks the SLO, then bisect between the last level within it and the first beyond it. Levels it does not need are recorded as not run, with the reason; each run records the search's state and the last its stop reason. Each level runs once (the plan is refused when the scenario's repeats are more than 1): the search picks its next level from the last one's verdict, so a level's repeats would run back to back instead of in rounds."
  });

export const ScenarioSchema = z
  .strictObject({
    name: TextSchema.optional().meta({description: "Name of the scenario on the site. Default: its id."}),
    dataset: z
      .string()
      .min(1)
      .meta({
        description: "Dataset the benchmark client draws prompts from (`--dataset-name`).",
        examples: ["random", "sharegpt"]
      }),
    dataset_path: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .meta({
        description: "File of the dataset (`--dataset-path`).",
        examples: ["ShareGPT_V3_unfiltered_cleaned_split.json"]
      }),
    input_len: tokens
      .nullable()
      .optional()
      .meta({
        description: "Prompt length in tokens (`--random-input-len`); needed by random datasets.",
        examples: [2000]
      }),
    output_len: tokens
      .nullable()
      .optional()
      .meta({
        description: "Output length in tokens (`--random-output-len`); needed by random datasets.",
        examples: [100]
      }),
    num_prompts: wholeFrom(0, MAX_PROMPTS).meta({
      description: "Requests sent per run (`--num-prompts`).",
      examples: [1000]
    }),
    seed: z
      .int()
      .nullable()
      .optional()
      .meta({
        description:
          "Dataset sampling seed (`--seed`) of repeat 1 (at a ladder's first level). Live mode sends seed + k − 1 in repeat k; at level i (from 0) of a load ladder of L levels, seed + (k − 1) × L + i; in a goodput search, seed + c − c₁ at concurrency c.",
        examples: [42]
      }),
    request_rate: z
      .union([rate(`${RATE_ERROR}, or inf`), z.literal("inf")], {error: `${RATE_ERROR}, or inf`})
      .nullable()
      .optional()
      .meta({
        description:
          "Requests per second (`--request-rate`); `inf` sends every request at once. Default: the client's (inf).",
        examples: [8, "inf"]
      }),
    max_concurrency: CONCURRENCY.nullable()
      .optional()
      .meta({description: "Most requests in flight at once (`--max-concurrency`). Default: no limit.", examples: [64]}),
    bench_args: Argv.optional().meta({
      description: "More benchmark client arguments for this scenario.",
      examples: [["--random-range-ratio", "0.5"]]
    }),
    repeats: Repeats.meta({description: "Overrides the study's `repeats` for this scenario (a step's own wins)."}),
    loads: LoadsSchema.optional(),
    search: SearchSchema.optional()
  })
  .meta({description: "One benchmark workload: the prompts sent and how they arrive."});

export const DecisionSchema = z
  .union([
    z.literal("geometric-mean").meta({
      description:
        "Each candidate's per-scenario ratio to the incumbent, combined by geometric mean; the highest mean above 1 wins."
    }),
    z
      .strictObject({scenario: IdSchema.meta({description: "The scenario whose objective decides."})})
      .meta({description: "One scenario decides; the others are shown for context."}),
    z
      .strictObject({
        rule: z.literal("conservative"),
        scenario: IdSchema.optional().meta({
          description:
            "The scenario whose objective decides. Default: the step's only scenario (required with several)."
        }),
        min_repeats: z
          .int({error: "must be a whole number from 3"})
          .min(3, {error: "must be a whole number from 3"})
          .optional()
          .meta({description: "Successful repeats a candidate needs to be scored. Default: 3."}),
        mad_cap: z
          .number({error: "must be a number above 0"})
          .gt(0, {error: "must be a number above 0"})
          .optional()
          .meta({
            description:
              "Largest relative spread allowed, 1.4826 × MAD / median; a noisier candidate is refused. Default: 0.05.",
            examples: [0.05]
          }),
        tie_margin: z
          .number({error: "must be a number from 0"})
          .min(0, {error: "must be a number from 0"})
          .optional()
          .meta({
            description:
              "Scores within this many percent of the best (or within noise) tie; a tie goes to the best configuration so far, else to the one with the fewest server arguments. Default: 1.",
            examples: [1]
          }),
        allow_failed_requests: z.boolean({error: "must be true or false"}).optional().meta({
          description:
            "Keep candidates whose runs had failed requests. Default: false (such a run disqualifies its candidate)."
        })
      })
      .meta({
        description:
          "Conservative selection: each candidate scores median − 1.4826 × MAD of its repeats (at least 3); noisy candidates and candidates with failed requests are refused; ties go to the incumbent or the simpler configuration."
      })
  ])
  .meta({
    description:
      "How a selection step over several scenarios picks its winner. Default: the only scenario when there is one, else geometric-mean.",
    examples: ["geometric-mean", {scenario: "long"}, {rule: "conservative"}]
  });

export const CandidateSchema = z
  .strictObject({
    id: IdSchema,
    label: z
      .string()
      .min(1)
      .optional()
      .meta({description: "Name of the candidate on the site. Default: its id.", examples: ["vLLM FP8"]}),
    engine: IdSchema.meta({description: "Engine id, a key of `engines`.", examples: ["vllm"]}),
    model: z
      .string()
      .min(1)
      .optional()
      .meta({description: "Model the server serves. Default: `model.name`.", examples: ["Qwen/Qwen3-32B-FP8"]}),
    quantization: z
      .string()
      .min(1)
      .optional()
      .meta({
        description: "Weight precision. Default: bf16 (import writes `TODO` where no file states it).",
        examples: ["fp8"]
      }),
    role: z
      .enum(["baseline", "recommended"])
      .nullable()
      .optional()
      .meta({description: "In a generalization step: which candidate is the baseline and which the recommendation."}),
    server: Argv.meta({
      description: "The server command, one argument per item.",
      examples: [["vllm", "serve", "Qwen/Qwen3-32B", "--max-num-seqs", "128"]]
    }),
    bench_args: Argv.optional().meta({description: "Extra benchmark client arguments for this candidate only."}),
    repeats: z
      .union([Repeats.unwrap(), z.record(z.string(), Repeats.unwrap())])
      .optional()
      .meta({
        description:
          "Runs of this candidate's points, for all its scenarios or per scenario id ({rate4: 3}); wins over the step's and the scenario's. Imported results declare the runs each point has.",
        examples: [3, {rate4: 3}]
      }),
    config: z.string().min(1).nullable().optional().meta({
      description:
        "config.json of the candidate's model, when it is not the study's and not shipped under data/models/."
    }),
    gpus: z
      .union([
        z.int({error: GPUS_ERROR}).min(1, {error: GPUS_ERROR}),
        z.array(z.int({error: GPUS_ERROR}).min(0, {error: GPUS_ERROR})).min(1, {error: GPUS_ERROR})
      ])
      .optional()
      .meta({
        description:
          "GPUs one server uses: a count, or the GPU indices (as nvidia-smi numbers them) it is pinned to. Default: what its parallelism flags need (vLLM `--tensor-parallel-size`, `--pipeline-parallel-size`, `--data-parallel-size`; SGLang `--tp-size`, `--dp-size`, `--pp-size`; TensorRT-LLM `--tp_size`, `--pp_size`), else `hardware.count`. Where both are given they must agree.",
        examples: [2, [0, 1]]
      })
  })
  .meta({description: "One server configuration tried in a step."});

export const StepSchema = z
  .strictObject({
    id: IdSchema,
    kind: z.enum(["selection", "generalization"]).default("selection").meta({
      description:
        "selection: the best candidate so far is kept unless one beats it (greedy elimination); generalization: baseline and recommendation compared on more scenarios."
    }),
    title: TextSchema.optional().meta({description: "Title of the step's page. Default: its id."}),
    scenarios: z
      .array(IdSchema)
      .min(1)
      .meta({description: "Scenario ids each candidate runs.", examples: [["sharegpt"]]}),
    decision: DecisionSchema.optional(),
    repeats: Repeats.meta({description: "Overrides the study's and the scenarios' `repeats` for this step."}),
    candidates: z.array(CandidateSchema).min(1).meta({description: "The configurations compared."})
  })
  .meta({description: "One step of the study: candidates run on scenarios."});

export const EngineSchema = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .optional()
      .meta({description: "Engine name on the site. Default: its id.", examples: ["vLLM"]}),
    version: z
      .string()
      .min(1)
      .meta({description: "Engine version the runs used (`TODO` when unknown).", examples: ["v0.11.0"]}),
    version_argv: z
      .array(z.string())
      .optional()
      .meta({description: "Live mode: a command printing the installed version, asked when the server does not say."}),
    options: z
      .array(z.string().regex(/^--?[A-Za-z]/, {error: "an option starts with - or --"}))
      .optional()
      .meta({
        description:
          "The server options this engine takes (as its --help lists them): a `tune` knob whose flag is not among them is refused when the plan is read.",
        examples: [["--max-batch-tokens", "--max-requests-per-batch", "--scheduler"]]
      })
  })
  .meta({description: "An inference engine."});

export const ServeSchema = z
  .strictObject({
    host: z
      .string()
      .min(1)
      .optional()
      .meta({description: "Host the servers listen on.", examples: ["127.0.0.1"]}),
    port: z
      .int()
      .min(1)
      .max(65535)
      .optional()
      .meta({description: "Port the servers listen on.", examples: [8000]}),
    port_args: z
      .array(z.string())
      .optional()
      .meta({
        description: "Appended to each server argv that does not use {port} itself.",
        examples: [["--port", "{port}"]]
      }),
    ready_path: z
      .string()
      .min(1)
      .optional()
      .meta({description: "Path polled until the server answers.", examples: ["/health"]}),
    ready_timeout_s: z.int().min(1).optional().meta({description: "Seconds to wait for a server to come up."}),
    stop_grace_s: z
      .int()
      .min(1)
      .optional()
      .meta({description: "Seconds between SIGTERM and SIGKILL when stopping a server."}),
    bench_timeout_s: z.int().min(1).optional().meta({description: "Seconds one benchmark run may take."}),
    metrics: z.boolean({error: "must be true or false"}).optional().meta({
      description: "Scrape the engine's Prometheus metrics and sample the GPUs during each benchmark. Default: true."
    }),
    scrape_interval_s: z
      .number({error: "must be a number of seconds ≥ 0.05"})
      .min(0.05, {error: "must be a number of seconds ≥ 0.05"})
      .optional()
      .meta({description: "Seconds between metric scrapes. Default: 1.", examples: [1]}),
    num_warmups: z.int().min(0).optional().meta({
      description:
        "Warm-up requests before each benchmark (the client's --num-warmups), not measured; 0 turns it off. Default: 1 with the native client, 0 with vLLM's."
    })
  })
  .meta({description: "Live-mode settings (`tps-report run`): where servers listen and how long to wait for them."});

export const ClaimSchema = z
  .looseObject({
    id: z.string().min(1).meta({description: "Claim id."}),
    kind: z.string().min(1).meta({
      description: "ranking, winner, step-gain, headline-gain, value or recommended; the other keys depend on it."
    })
  })
  .meta({description: "A figure the original write-up published, checked against the runs."});

const THRESHOLD_ERROR = "must be a percentage from 0 to under 100, as 5% or 0.05";
/** A comparison's threshold: "5%" (or "5 %") or 0.05; the same reading as data/site.yaml's. */
export const ThresholdSchema = z
  .union([z.number({error: THRESHOLD_ERROR}), z.string({error: THRESHOLD_ERROR})], {error: THRESHOLD_ERROR})
  .transform((value, ctx) => {
    const match = typeof value === "string" ? /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value) : null;
    const t = typeof value === "number" ? value : match ? Number(match[1]) / 100 : NaN;
    if (t >= 0 && t < 1) return t;
    ctx.addIssue({code: "custom", message: THRESHOLD_ERROR});
    return z.NEVER;
  })
  .meta({description: "Smallest change that counts: `5%` or `0.05`.", examples: ["5%"]});

export const InterferenceSchema = z
  .strictObject({
    step: IdSchema.meta({description: "The step of the configuration."}),
    candidate: IdSchema.meta({description: "The candidate of that step."}),
    scenarios: z
      .array(IdSchema)
      .min(1)
      .optional()
      .meta({description: "Scenarios it runs. Default: the step's.", examples: [["sharegpt"]]}),
    repeats: z
      .int({error: "must be a whole number from 2 to 1000"})
      .min(2, {error: "must be a whole number from 2 to 1000"})
      .max(1000, {error: "must be a whole number from 2 to 1000"})
      .optional()
      .meta({
        description:
          "Runs alone, and runs of each copy side by side, per scenario (two at least, to weigh noise). Default: 3.",
        examples: [3]
      })
  })
  .meta({
    description:
      "One configuration measured alone and side by side: candidates `<step>.<candidate>.alone`, `.pair-1` and `.pair-2` of the step `interference`, with the configuration's server command."
  });

export const ComparisonSchema = z
  .strictObject({
    base: IdSchema.meta({
      description: "The study compared against: its folder's name, a study of the same site.",
      examples: ["qwen3-32b-a100-v0.11"]
    }),
    threshold: ThresholdSchema.default(0.05)
  })
  .meta({
    description:
      "A comparison page on a site of many studies (`npm run build` with TPS_REPORT_STUDIES, `npm run build:site`): this study against `base`, as `tps-report compare BASE THIS`."
  });

const KNOB_VALUE_ERROR = "a knob value is a number or a non-empty string";
const KnobValue = z.union([z.number(), z.string().min(1)], {error: KNOB_VALUE_ERROR});
const RANGE_ERROR = "must be a whole number";
export const KnobRangeSchema = z
  .strictObject({
    min: z.int({error: RANGE_ERROR}).meta({description: "Lowest value."}),
    max: z.int({error: RANGE_ERROR}).meta({description: "Highest value."}),
    scale: z.enum(["linear", "log"]).optional().meta({
      description:
        "linear: min, min + step, … up to max; log: min, min × factor, … up to max (batch sizes, token budgets). Default: linear."
    }),
    step: z
      .int({error: "must be a whole number from 1"})
      .min(1, {error: "must be a whole number from 1"})
      .optional()
      .meta({description: "Linear scale: distance between values. Default: 1."}),
    factor: z
      .number({error: "must be a number above 1"})
      .gt(1, {error: "must be a number above 1"})
      .optional()
      .meta({description: "Log scale: ratio between values (each rounded to a whole number). Default: 2."})
  })
  .meta({description: "Whole-number values from min to max.", examples: [{min: 512, max: 16384, scale: "log"}]});

export const KnobSchema = z
  .strictObject({
    name: IdSchema.meta({
      description:
        "Knob name, used in constraints and on the pages. `engine` and `quantization` are the categorical knobs of the engine (values: ids under `engines`) and of the weights (values: precisions, `models` gives each one's model).",
      examples: ["max_batch_tokens", "engine", "quantization"]
    }),
    flag: z
      .string()
      .regex(/^--?[A-Za-z]/, {error: "a server option starts with - or --"})
      .optional()
      .meta({
        description:
          "The server option the knob sets (`--max-num-seqs`); the value `on` gives the option alone, `off` or `default` leaves it out. Not for `engine` and `quantization`.",
        examples: ["--max-num-batched-tokens"]
      }),
    values: z
      .array(KnobValue)
      .min(1, {error: "an empty knob: give at least one value"})
      .optional()
      .meta({
        description: "The values to try: numbers (ordered) or words (categorical).",
        examples: [
          [2048, 4096, 8192],
          ["fifo", "prefill_first"]
        ]
      }),
    range: KnobRangeSchema.optional(),
    engines: z.array(IdSchema).min(1).optional().meta({
      description:
        "The engines whose servers take this option (options are an engine's own). Default: every engine of the search."
    }),
    models: z
      .record(z.string().min(1), z.string().min(1))
      .optional()
      .meta({
        description: "`quantization` knob: the model each precision serves. Default: the study's model.",
        examples: [{fp8: "Qwen/Qwen3-32B-FP8"}]
      }),
    default: KnobValue.optional().meta({
      description:
        "The value an engine uses when the option is left out: how a configuration without the option (the greedy path's) reads on this knob.",
      examples: [8192]
    })
  })
  .refine((k) => (k.values == null) !== (k.range == null), "give 'values' or 'range', one of them")
  .meta({description: "One dimension of the search space."});

export const TuneSchema = z
  .strictObject({
    scenario: IdSchema.meta({
      description:
        "The scenario each configuration runs (a ladder scenario for `max_throughput_within_slo`; one level is enough).",
      examples: ["chat"]
    }),
    server: z.union([Argv, z.record(IdSchema, Argv)]).meta({
      description:
        "The server command the knobs' options are added to; one per engine (a mapping) when `engine` is a knob. `{model}` becomes the configuration's model.",
      examples: [["vllm", "serve", "{model}"]]
    }),
    engine: IdSchema.optional().meta({
      description: "The engine of every configuration, when `engine` is not a knob. Default: the study's only engine."
    }),
    knobs: z.array(KnobSchema).meta({description: "The dimensions of the space: every combination of their values."}),
    constraints: z
      .array(z.string().min(1))
      .default([])
      .meta({
        description:
          "Conditions every configuration tried must meet: comparisons of knobs and numbers (`>=`, `<=`, `>`, `<`, `==`, `!=`, `+ - * /`), words in quotes, joined by `and`, `or`, `not`, `unless`.",
        examples: [["max_num_batched_tokens >= 8192 unless chunked_prefill == 'on'"]]
      }),
    objective: z
      .string()
      .min(1)
      .optional()
      .meta({
        description:
          "What the search maximizes: a throughput the runs record, or `max_throughput_within_slo` (the study's `slo`). Default: the study's objective.",
        examples: ["max_throughput_within_slo"]
      }),
    budget: z
      .strictObject({
        runs: z.int().min(1).optional().meta({description: "Most runs: the start, the search and the re-measuring."}),
        seconds: z
          .number()
          .positive()
          .optional()
          .meta({description: "Most seconds of runs (server start and benchmark), measured as they run."})
      })
      .refine((b) => (b.runs == null) !== (b.seconds == null), "give 'runs' or 'seconds', one of them")
      .optional()
      .meta({
        description: "How much the search may spend (`tps-report tune --budget N` overrides it).",
        examples: [{runs: 24}]
      }),
    start: z.int().min(1).optional().meta({
      description: "Configurations in the space-filling start, the greedy path's included. Default: 2 × knobs + 1."
    }),
    top: z.int().min(1).optional().meta({
      description:
        "Leaders measured again with the study's repeats before the verdict (the greedy path's configuration too). Default: 2."
    }),
    strategy: z.enum(["guided", "halving"]).optional().meta({
      description:
        "After the start: guided (a Gaussian-process model of the runs picks the configuration of highest expected improvement) or halving (successive halving of the start's configurations). Default: guided."
    }),
    seed: z.int().optional().meta({description: "Seed of the search's random choices. Default: 0."})
  })
  .meta({
    description:
      "A search space for `tps-report tune`: knobs, constraints, objective and budget. The search runs in ordinary run folders as step `tune`; `tps-report tune --grid` runs every configuration as step `grid`, the ground truth its regret is measured against."
  });

export const StudySchema = z
  .strictObject({
    id: IdSchema.meta({description: "Study id.", examples: ["qwen3-32b-a100"]}),
    title: TextSchema.meta({description: "Title of the study."}),
    goal: TextSchema.optional().meta({description: "What the study optimizes for, in words. Default: none shown."}),
    objective: z
      .string()
      .min(1)
      .default("total_token_throughput")
      .meta({
        description:
          "Metric the selection steps maximize (a vLLM result key), or `max_throughput_within_slo`: each candidate's highest total token throughput among its load points that meet `slo`.",
        examples: ["output_throughput", "max_throughput_within_slo"]
      }),
    source: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .meta({description: "Where the study's numbers were first published."}),
    model: z
      .strictObject({
        name: z
          .string()
          .min(1)
          .meta({description: "Model served (a Hugging Face id).", examples: ["Qwen/Qwen3-32B"]}),
        config: z
          .string()
          .min(1)
          .nullable()
          .optional()
          .meta({
            description: "The model's config.json, for the hardware ceiling.",
            examples: ["data/models/qwen3-32b.config.json"]
          })
      })
      .meta({description: "The model under study."}),
    hardware: z
      .strictObject({
        gpu: z
          .string()
          .min(1)
          .meta({description: "GPU id in data/gpus/gpus.yaml (`TODO` when unknown).", examples: ["a100-sxm4-80gb"]}),
        name: z
          .string()
          .min(1)
          .optional()
          .meta({description: "GPU name on the site. Default: the id.", examples: ["NVIDIA A100 SXM 80GB"]}),
        count: z.int().min(1).default(1).meta({description: "GPUs per server."}),
        price_per_hour: z
          .number({error: PRICE_ERROR})
          .gt(0, {error: PRICE_ERROR})
          .optional()
          .meta({
            description:
              "Dollars per GPU-hour, for tokens per dollar (each run: tokens / (price × GPUs × duration / 3600)). Default: none, and no cost is shown.",
            examples: [2.49]
          })
      })
      .meta({description: "The machine the runs used."}),
    engines: z
      .record(IdSchema, EngineSchema)
      .meta({description: "Engines by id.", examples: [{vllm: {name: "vLLM", version: "v0.11.0"}}]}),
    client: z
      .strictObject({
        name: z.string().min(1).default("vllm bench serve").meta({description: "Benchmark client name."}),
        argv: Argv.meta({
          description: "The client command before the scenario's flags; {model} becomes each candidate's model.",
          examples: [["vllm", "bench", "serve", "--model", "{model}"]]
        }),
        kind: z.enum(["vllm", "native"]).optional().meta({
          description: "Live mode: vllm runs argv as written; native runs `tps-report bench` with argv's flags."
        })
      })
      .meta({description: "The benchmark client."}),
    serve: ServeSchema.optional(),
    scenarios: z.record(IdSchema, ScenarioSchema).meta({description: "Scenarios by id."}),
    steps: z.array(StepSchema).min(1).meta({description: "Steps in the order they ran."}),
    baseline: z
      .strictObject({step: IdSchema, candidate: IdSchema})
      .optional()
      .meta({
        description:
          "The unoptimized starting point; gains are measured against it. Default: the first step's first candidate.",
        examples: [{step: "engine-selection", candidate: "vllm"}]
      }),
    slo: SloSchema.optional(),
    tune: TuneSchema.optional(),
    margin: z
      .number({error: "must be a number from 0"})
      .min(0, {error: "must be a number from 0"})
      .optional()
      .meta({
        description:
          "Percent: a decision closer than this (or within noise) is flagged as close in the coverage, and its runners-up get a second look (`tps-report run STUDY --second-look`). Default: 5.",
        examples: [5]
      }),
    repeats: Repeats,
    confidence: z
      .number({error: CONFIDENCE_RULE})
      .min(CONFIDENCE_MIN, {error: CONFIDENCE_RULE})
      .max(CONFIDENCE_MAX, {error: CONFIDENCE_RULE})
      .optional()
      .meta({description: "Level of every interval and significance decision. Default: 0.95.", examples: [0.95]}),
    restart_between_repeats: z.boolean({error: "must be true or false"}).optional().meta({
      description: "Live mode: a fresh server for each round of repeats, so start-up varies too. Default: false."
    }),
    warmup_repeats: z
      .number({error: "must be a whole number from 0"})
      .int({error: "must be a whole number from 0"})
      .min(0, {error: "must be a whole number from 0"})
      .optional()
      .meta({
        description:
          "Leading repeats of each point that are warm-ups: they run and are listed, but no mean, interval or decision includes them (a cold first repeat). Default: 0.",
        examples: [1]
      }),
    interference: z.array(InterferenceSchema).optional().meta({
      description:
        "Configurations whose interference is measured (`tps-report run STUDY --parallel`): each runs alone on the host and then as two copies side by side, in a step of its own (`interference`); `check` compares the two."
    }),
    claims: z.array(ClaimSchema).default([]).meta({description: "Published figures to check."}),
    comparisons: z
      .array(ComparisonSchema)
      .default([])
      .meta({description: "Studies this one is compared against on a site of many studies (beside data/site.yaml's)."}),
    notes: z.array(TextSchema).default([]).meta({description: "Caveats shown on the notes page."})
  })
  .meta({title: "tps-report study.yaml", description: "A study plan: what was run, in which order, on what."});

const ImportedFileSchema = z.strictObject({
  file: z.string().meta({description: "Name of the copy in the run folder."}),
  source: z.string().meta({description: "Path the file was imported from."}),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({description: "SHA-256 of the file's bytes."})
});

export const RunSchema = z
  .looseObject({
    id: z
      .string()
      .min(1)
      .optional()
      .meta({description: "Run id, `<step>--<candidate>--<scenario>[--r<k>]`. Default: the folder's name."}),
    study: IdSchema.optional().meta({description: "Study id. Default: the plan's."}),
    step: IdSchema.optional().meta({description: "Step id. Default: from the run id."}),
    candidate: IdSchema.optional().meta({description: "Candidate id. Default: from the run id."}),
    scenario: IdSchema.optional().meta({description: "Scenario id. Default: from the run id."}),
    repeat: z.int().min(1).optional().meta({description: "Which repeat this run is, from 1. Default: 1."}),
    engine: z.string().min(1).optional().meta({description: "Engine id. Default: the candidate's."}),
    engine_version: z.string().min(1).optional().meta({description: "Engine version. Default: the plan's."}),
    model: z.string().min(1).optional().meta({description: "Model served. Default: the candidate's."}),
    quantization: z.string().min(1).optional().meta({description: "Weight precision. Default: the candidate's."}),
    gpu: z.string().min(1).optional().meta({description: "GPU the run used. Default: the plan's hardware name."}),
    gpu_count: z.int().min(0).optional().meta({description: "GPUs the server used. Default: the plan's count."}),
    server_argv: z.array(z.string()).optional().meta({description: "Server command as run. Default: the candidate's."}),
    bench_argv: z.array(z.string()).optional().meta({description: "Benchmark command as run. Default: the plan's."}),
    client: z.string().min(1).nullable().optional().meta({
      description:
        "Benchmark client that measured the run (import: the file's tool); null: no file says. Where it is not the plan's client, or takes other options than vllm bench serve's, a run without bench_argv has no benchmark command recorded. Default: the plan's."
    }),
    status: z
      .enum(["ok", "failed"])
      .default("ok")
      .meta({description: "ok: the run has a result; failed: it has an error."}),
    error: z
      .string()
      .nullable()
      .optional()
      .meta({description: "Why a failed run failed (needed when status is failed)."}),
    failed_phase: z
      .string()
      .nullable()
      .optional()
      .meta({description: "Where a failed run failed: server-start, server-crash, benchmark, timeout, parse."}),
    started_at: z.string().nullable().optional().meta({description: "ISO time the run started."}),
    ended_at: z.string().nullable().optional().meta({description: "ISO time the run ended."}),
    origin: z
      .looseObject({
        kind: z.string().optional().meta({description: "How the run folder was filled: live, import, archive."}),
        tool: z.string().optional().meta({description: "Import: the source format read."}),
        imported_at: z.string().optional().meta({description: "Import: ISO time of the import."}),
        files: z
          .array(ImportedFileSchema)
          .optional()
          .meta({description: "Import: each copied file with its source and hash."})
      })
      .optional()
      .meta({description: "Where the run came from."})
  })
  .meta({
    title: "tps-report run.json",
    description: "One run's record; fields the plan already states may be left out."
  });

export type StudyInput = z.input<typeof StudySchema>;
export type StudyData = z.output<typeof StudySchema>;
export type ScenarioData = z.output<typeof ScenarioSchema>;
export type CandidateData = z.output<typeof CandidateSchema>;
export type StepData = z.output<typeof StepSchema>;
export type Decision = z.output<typeof DecisionSchema>;
export type ServeData = z.output<typeof ServeSchema>;
export type RunInput = z.input<typeof RunSchema>;
export type RunData = z.output<typeof RunSchema>;
export type TextInput = z.input<typeof TextSchema>;
export type LoadsData = z.output<typeof LoadsSchema>;
export type SloData = z.output<typeof SloSchema>;
export type TuneData = z.output<typeof TuneSchema>;
export type KnobData = z.output<typeof KnobSchema>;

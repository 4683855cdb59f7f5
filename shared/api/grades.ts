import { z } from 'zod';
import { Grade, JUDGE_COMMAND_MODES, JudgeStatus, LABEL_SOURCES, Provenance } from '../domain/grade';
import { JobStatus } from './jobs';

/**
 * How a judge is named across the app: its name, or `name@version` when it has a version (a version that
 * already starts with `name@`, such as the conduct checks' `conduct@1`, is used as it is). Two versions of one
 * judge are two judges: they are summarised and compared apart.
 */
export function judgeKey(judgeName: string, version: string | null): string {
  if (version === null || version === '') return judgeName;
  return version.startsWith(`${judgeName}@`) ? version : `${judgeName}@${version}`;
}

/** Defined with the domain's judges (a run's grader takes them too); kept here for the grading API's callers. */
export { JUDGE_COMMAND_MODES };

const RunRef = z.object({ run_id: z.string().min(1) }).strict();

export const GradesRunInput = z
  .object({
    run_id: z.string().min(1),
    /**
     * `conduct` (the deterministic checks alone), `command:<command line>` (a local program speaking JSON lines:
     * the row in, `{"reward": 0..1, "reason": "..."}` out) or `module:<path>` (a .js/.mjs file whose default export
     * is `(row) => result`), a model (`openai:<model>`, `anthropic:<model>`, `compatible:<model>@<base_url>`: a rubric
     * judge) or `decision:<model spec>` (a decision judge: a probability, unsure within 0.1 of even). The conduct
     * checks always run first, on every row.
     */
    judge: z.string().trim().min(1).default('conduct'),
    /**
     * Required for command and module judges: which edit of the judge made the grades.
     * Model judges take none (`<model>@<rubric hash>`).
     */
    version: z.string().trim().min(1).max(200).optional(),
    /** Display name for a custom or model judge; defaults to its script's or module's file name, `rubric` or `decision`. */
    name: z.string().trim().min(1).max(80).optional(),
    /** A rubric judge's rubric; defaults to one built from the run's policy rules. Its hash is part of the judge's version. */
    rubric: z.string().trim().min(1).max(20_000).optional(),
    mode: z.enum(JUDGE_COMMAND_MODES).default('per-row'),
    /** Rows judged at once (the conduct checks run in order). */
    concurrency: z.number().int().min(1).max(64).default(8),
    /** Per-row limit for the chosen judge; null waits forever. Default 300 000 (five minutes). */
    timeout_ms: z.number().int().min(100).max(86_400_000).nullable().optional(),
    /** Leave out rows that already have an `ok` grade from the same judge and version (continue a cancelled job). */
    skip_graded: z.boolean().default(false),
  })
  .strict();
export type GradesRunInput = z.infer<typeof GradesRunInput>;

/** One grading job: the conduct checks, then the chosen judge, over a run's rows. */
export const GradeJob = z.object({
  job_id: z.string(),
  run_id: z.string(),
  /** The judge as asked (`conduct`, `command:...`, `module:...`, a model spec, `decision:...`). */
  judge: z.string(),
  /** judge keys in the order they grade: `conduct@1` first, then the chosen judge's. */
  judges: z.array(z.string()),
  status: JobStatus,
  /** Row gradings done and planned, over all judges of the job (rows x judges); total is null until counted. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  message: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type GradeJob = z.infer<typeof GradeJob>;

/** A grade as stored: the domain grade plus its id, run, judge name and key, and whether it is the latest. */
export const StoredGrade = Grade.extend({
  id: z.number().int(),
  run_id: z.string(),
  judge_name: z.string(),
  judge_key: z.string(),
  /** The newest grade on this row from this judge (name + version): the one every count uses. */
  is_latest: z.boolean(),
});
export type StoredGrade = z.infer<typeof StoredGrade>;

const Count = z.number().int().nonnegative();

/** One judge's grades on a run, over each row's latest grade from it, simulator-error rows left out. */
export const JudgeSummary = z.object({
  judge_key: z.string(),
  judge_name: z.string(),
  version: z.string().nullable(),
  label_source: z.enum(LABEL_SOURCES),
  /** Of its latest grade. */
  provenance: Provenance,
  /** Rows with a grade from this judge; = passes + failures + unjudged. */
  n_graded: Count,
  /** reward >= 0.5 */
  passes: Count,
  /** reward < 0.5 */
  failures: Count,
  /** 0 < reward < 1 (counted in passes or failures too). */
  partials: Count,
  /** No reward: the judge erred, timed out or answered outside the contract. Never counted as 0. */
  unjudged: Count,
  unsure: Count,
  /** Over rewarded rows, 4 dp; null when none. */
  mean_reward: z.number().nullable(),
  statuses: z.record(JudgeStatus, Count),
  /** Latest grades per failure_class (conduct: the rule that fired). */
  by_failure_class: z.record(z.string(), Count),
  /** Rows of the run (simulator errors left out) without a grade from this judge. */
  n_missing: Count,
  last_graded_at: z.string(),
});
export type JudgeSummary = z.infer<typeof JudgeSummary>;

export const GradesSummary = z.object({
  run_id: z.string(),
  n_rows: Count,
  /** Rows marked simulator_error by a label: left out of every count here. */
  n_excluded: Count,
  /** In the order they first graded the run. */
  judges: z.array(JudgeSummary),
  /** A grading job of this process still running on the run. */
  active_job: GradeJob.nullable(),
  /** Read these before any number. */
  warnings: z.array(z.string()),
});
export type GradesSummary = z.infer<typeof GradesSummary>;

/** One row's latest verdict from one judge: enough to order a queue or colour a table. */
export const RowVerdict = z.object({
  row_id: z.string(),
  reward: z.number().nullable(),
  judge_status: JudgeStatus,
  unsure: z.boolean(),
  failure_class: z.string().nullable(),
});
export type RowVerdict = z.infer<typeof RowVerdict>;

export const gradesMethods = {
  /** Starts a grading job (conduct checks, then the chosen judge); resolves once the judge has loaded. */
  'grades.run': { input: GradesRunInput, output: GradeJob },
  /** Stops a grading job after the rows in flight; grades already written stay. */
  'grades.cancel': { input: z.object({ job_id: z.string().min(1) }).strict(), output: GradeJob },
  /** Grading jobs of this process (running and recent), newest first; all runs when run_id is left out. */
  'grades.jobs': { input: z.object({ run_id: z.string().min(1).optional() }).strict(), output: z.object({ jobs: z.array(GradeJob) }) },
  'grades.summary': { input: RunRef, output: GradesSummary },
  /** Every grade of one row, newest first (history included; `is_latest` marks the ones that count). */
  'grades.list': {
    input: z.object({ row_id: z.string().min(1) }).strict(),
    output: z.object({ row_id: z.string(), grades: z.array(StoredGrade) }),
  },
  /** Each row's latest verdict from one judge (default: the judge that graded the run last), in row order. */
  'grades.verdicts': {
    input: z.object({ run_id: z.string().min(1), judge: z.string().min(1).optional() }).strict(),
    output: z.object({ judge_key: z.string().nullable(), verdicts: z.array(RowVerdict) }),
  },
} as const;

import { z } from 'zod';
import { LabelKind } from '../domain/label';

const Count = z.number().int().nonnegative();
/** A statistic rounded to 4 dp; null where it is undefined (no pairs, no gold failure...), never NaN. */
const Stat = z.number().nullable();

/** Pass is the positive class: tp = judge pass and gold pass, fp = judge pass and gold fail. */
export const Confusion = z.object({ tp: Count, fp: Count, tn: Count, fn: Count });

/** `human` only when every counted gold label is; `unknown` is gold with no kind. */
export const GoldKindSummary = z.enum(['human', 'program', 'model', 'unknown', 'mixed']);

export const Interval = z.object({ lo: z.number(), hi: z.number() });

/** SDK judge_agreement. */
export const JudgeAgreement = z.object({
  n: Count,
  n_skipped: Count,
  /** Counted pairs whose gold has no author: any keeps ok false. */
  n_unmeasured: Count,
  agreement: Stat,
  kappa: Stat,
  confusion: Confusion,
  /** fp / (fp + tn): the leak. */
  pass_when_gold_fail: Stat,
  /** fn / (fn + tp). */
  fail_when_gold_pass: Stat,
  judge_pass_rate: Stat,
  gold_pass_rate: Stat,
  gold_kind: GoldKindSummary.nullable(),
  ok: z.boolean(),
  warnings: z.array(z.string()),
});
export type JudgeAgreement = z.infer<typeof JudgeAgreement>;

const HalfAgreement = z.object({ agreement: Stat, kappa: Stat, n: Count });

/** The label-only part of SDK judge_trust. */
export const JudgeTrust = z.object({
  ok: z.boolean(),
  /** No judged row has an authored gold label: say "unmeasured", not a number. */
  unmeasured: z.boolean(),
  agreement: z.object({ agreement: Stat, ci95: Interval, kappa: Stat, n: Count }),
  gold_kind: GoldKindSummary.nullable(),
  n_labeled: Count,
  n_rows: Count,
  held_out_halves: z.tuple([HalfAgreement, HalfAgreement]),
  floors: z.object({ min_agreement: z.number(), min_kappa: z.number(), max_skipped_share: z.number() }),
  skipped: z.object({ n: Count, share: Stat }),
  /** "label N more to reach 50". */
  labels_needed: Count,
  warnings: z.array(z.string()),
});
export type JudgeTrust = z.infer<typeof JudgeTrust>;

/** Two people on the rows both labelled (pass/fail, each one's latest label): the ceiling for any judge. */
export const HumanAgreement = z.object({
  authors: z.tuple([z.string(), z.string()]).nullable(),
  n: Count,
  n_only_first: Count,
  n_only_second: Count,
  agreement: Stat,
  kappa: Stat,
  /** The first author as prediction, the second as truth. */
  confusion: Confusion,
  warnings: z.array(z.string()),
});
export type HumanAgreement = z.infer<typeof HumanAgreement>;

export const JudgeScore = z.object({
  /** The judge key (`name@version`). */
  name: z.string(),
  n: Count,
  agreement: Stat,
  ci95: Interval,
  kappa: Stat,
  /** pass_when_gold_fail */
  leak: Stat,
  /** fail_when_gold_pass */
  miss: Stat,
  unsure: Count,
  unjudged: Count,
  ok: z.boolean(),
  warnings: z.array(z.string()),
});

/** SDK compare_judges over every judge graded on the run, best first (kappa, then agreement). */
export const JudgeComparison = z.object({
  scores: z.array(JudgeScore),
  n_rows: Count,
  gold_kind: GoldKindSummary.nullable(),
  floors: z.object({ min_agreement: z.number(), min_kappa: z.number() }),
  best: JudgeScore.nullable(),
  warnings: z.array(z.string()),
});
export type JudgeComparison = z.infer<typeof JudgeComparison>;

export const JudgeRef = z.object({
  judge_key: z.string(),
  judge_name: z.string(),
  version: z.string().nullable(),
  /** Rows (simulator errors left out) with a grade from this judge. */
  n_graded: Count,
});
export type JudgeRef = z.infer<typeof JudgeRef>;

/** A gold row where the chosen judge said otherwise: the review queue's "disagreements first". */
export const Disagreement = z.object({ row_id: z.string(), judge: z.enum(['pass', 'fail']), gold: z.enum(['pass', 'fail']) });

export const AgreementReport = z.object({
  run_id: z.string(),
  /** The judge measured; null when nothing graded the run. */
  judge: JudgeRef.nullable(),
  /** Every judge graded on the run, in the order they first graded it. */
  judges: z.array(JudgeRef),
  /** Rows measured over (simulator errors left out). */
  n_rows: Count,
  /** Rows marked simulator_error: left out of every number here. */
  n_excluded: Count,
  /** Rows with a gold verdict (pass/fail majority of each author's latest label). */
  n_gold: Count,
  judge_agreement: JudgeAgreement,
  judge_trust: JudgeTrust,
  /** One entry per pair of human authors who labelled rows in common. */
  human_agreement: z.array(HumanAgreement),
  compare_judges: JudgeComparison,
  disagreements: z.array(Disagreement),
  /** Read these before any number. */
  warnings: z.array(z.string()),
});
export type AgreementReport = z.infer<typeof AgreementReport>;

/** A file made for download or the CLI. */
export const ExportedFile = z.object({ text: z.string(), filename: z.string(), n: Count });

const AgreementInput = z
  .object({
    run_id: z.string().min(1),
    /** A judge key (`line-judge@v2`) or name (its latest version); default: the judge that graded the run last. */
    judge_name: z.string().min(1).optional(),
    version: z.string().min(1).optional(),
  })
  .strict();

/** One line of the file `wai agreement` reads. */
export const AgreementLine = z.object({
  id: z.string(),
  /** Ignored by `wai agreement`; there so a person can find the row in other exports. */
  rollout_id: z.string().optional(),
  judge: z.union([z.number(), z.enum(['pass', 'fail'])]).nullable(),
  gold: z.enum(['pass', 'fail']).nullable(),
  gold_kind: LabelKind.nullable(),
  author: z.string().nullable(),
});
export type AgreementLine = z.infer<typeof AgreementLine>;

export const agreementMethods = {
  /** The chosen judge against the gold labels, human-human agreement, and every judge on the run compared. */
  'agreement.get': { input: AgreementInput, output: AgreementReport },
  /** The run's pairs as the JSONL `wai agreement FILE` reads (one line per row): the same numbers, offline. */
  'agreement.export': { input: AgreementInput, output: ExportedFile },
} as const;

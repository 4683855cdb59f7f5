import { z } from 'zod';
import { LabelKind, LabelValue, SettledValue } from '../domain/label';

const Count = z.number().int().nonnegative();
/** A statistic rounded to 4 dp; null where it is undefined (no pairs, no gold failure...), never NaN. */
const Stat = z.number().nullable();

/** Pass is the positive class: tp = judge pass and gold pass, fp = judge pass and gold fail. */
export const Confusion = z.object({ tp: Count, fp: Count, tn: Count, fn: Count });

/** `human` only when every counted gold label is; `unknown` is gold with no kind. */
export const GoldKindSummary = z.enum(['human', 'program', 'model', 'unknown', 'mixed']);

export const Interval = z.object({ lo: z.number(), hi: z.number() });

/**
 * Whether a kappa is a measurement. Kappa is undefined with fewer than 2 rows, or when chance agreement is total (every
 * rating one class: the SDK then returns 1 or 0): the number stays (the SDK's value) and `kappa_defined` is false,
 * with the reason in a sentence.
 */
const KappaDefinition = {
  kappa_defined: z.boolean(),
  kappa_undefined_reason: z.string().nullable(),
};

/** SDK judge_agreement. */
export const JudgeAgreement = z.object({
  n: Count,
  n_skipped: Count,
  /** Counted pairs whose gold has no author: any keeps ok false. */
  n_unmeasured: Count,
  agreement: Stat,
  kappa: Stat,
  ...KappaDefinition,
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

const HalfAgreement = z.object({ agreement: Stat, kappa: Stat, kappa_defined: z.boolean(), n: Count });

/** The label-only part of SDK judge_trust. */
export const JudgeTrust = z.object({
  ok: z.boolean(),
  /** No judged row has an authored gold label: say "unmeasured", not a number. */
  unmeasured: z.boolean(),
  agreement: z.object({ agreement: Stat, ci95: Interval, kappa: Stat, ...KappaDefinition, n: Count }),
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
  ...KappaDefinition,
  /** The first author as prediction, the second as truth. */
  confusion: Confusion,
  warnings: z.array(z.string()),
});
export type HumanAgreement = z.infer<typeof HumanAgreement>;

/** Fleiss' kappa (1971) over three or more people, on the rows every one of them labelled pass or fail. */
export const FleissAgreement = z.object({
  authors: z.array(z.string()),
  /** Rows every author labelled pass or fail. */
  n: Count,
  /** Mean pairwise agreement on a row (Fleiss' P-bar), 4 dp. */
  agreement: Stat,
  kappa: Stat,
  ...KappaDefinition,
});
export type FleissAgreement = z.infer<typeof FleissAgreement>;

/** Agreement and kappa after the first n gold rows (in the order they became gold), with agreement's Wilson 95% band. */
export const AgreementPoint = z.object({
  n: Count,
  agreement: z.number(),
  lo: z.number(),
  hi: z.number(),
  kappa: Stat,
  kappa_defined: z.boolean(),
});
export type AgreementPoint = z.infer<typeof AgreementPoint>;

export const JudgeScore = z.object({
  /** The judge key (`name@version`). */
  name: z.string(),
  n: Count,
  agreement: Stat,
  ci95: Interval,
  kappa: Stat,
  kappa_defined: z.boolean(),
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
  /** Rows with a gold verdict: the settled label, else the pass or fail all annotators agree on. */
  n_gold: Count,
  /** Rows whose annotators disagree (pass against fail) and nobody settled: no gold until someone adjudicates. */
  n_conflicts: Count,
  /** Only labels made blind were read (settlements left out: they are made seeing the labels). */
  blind_only: z.boolean(),
  /** Each author's current labels on the run's rows, by whether they were made with the judges hidden. */
  labels_made: z.object({ blind: Count, sighted: Count, unrecorded: Count }),
  judge_agreement: JudgeAgreement,
  judge_trust: JudgeTrust,
  /** One entry per pair of human authors who labelled rows in common (Cohen's kappa). */
  human_agreement: z.array(HumanAgreement),
  /** Three or more human authors: Fleiss' kappa on the rows all of them labelled; null for fewer. */
  fleiss: FleissAgreement.nullable(),
  /** The judge's agreement and kappa as gold grew, one point per step (at most AGREEMENT_SERIES_POINTS). */
  series: z.array(AgreementPoint),
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
    /** Read only labels made blind (and no settlement): gold no judge's verdict could have anchored. */
    blind_only: z.boolean().default(false),
  })
  .strict();

/** One label as the agreement file carries it: each author's current label on the row. */
export const AgreementFileLabel = z.object({
  author: z.string().nullable(),
  label: LabelValue,
  kind: LabelKind,
  blind: z.boolean().nullable(),
  created_at: z.string(),
});

/** One line of the file `wai agreement` reads. */
export const AgreementLine = z.object({
  id: z.string(),
  /** Ignored by `wai agreement`; there so a person can find the row in other exports. */
  rollout_id: z.string().optional(),
  judge: z.union([z.number(), z.enum(['pass', 'fail'])]).nullable(),
  /** With `labels`, what they give (checked by `wai agreement`); alone, the row's gold as it is. */
  gold: z.enum(['pass', 'fail']).nullable(),
  gold_kind: LabelKind.nullable(),
  author: z.string().nullable(),
  /** Every author's current label on the row: `wai agreement` derives gold, conflicts and human-human agreement from them. */
  labels: z.array(AgreementFileLabel).optional(),
  /** The row's settlement, if someone settled a conflict. */
  settled: z.object({ label: SettledValue, author: z.string(), created_at: z.string() }).nullable().optional(),
  /** The row's task: repeats of one scenario fall in the same held-out half of judge_trust. */
  scenario_id: z.string().optional(),
});
export type AgreementLine = z.infer<typeof AgreementLine>;

export const agreementMethods = {
  /** The chosen judge against the gold labels, human-human agreement, and every judge on the run compared. */
  'agreement.get': { input: AgreementInput, output: AgreementReport },
  /** The run's pairs as the JSONL `wai agreement FILE` reads (one line per row): the same numbers, offline. */
  'agreement.export': { input: AgreementInput, output: ExportedFile },
} as const;

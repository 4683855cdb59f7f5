import { z } from 'zod';

/** `simulator_error`: the simulated person broke the conversation; excluded from scores and training exports. */
export const LABEL_VALUES = ['pass', 'fail', 'unsure', 'skip', 'simulator_error'] as const;
export const LabelValue = z.enum(LABEL_VALUES);
export type LabelValue = z.infer<typeof LabelValue>;

export const LABEL_KINDS = ['human', 'program', 'model'] as const;
export const LabelKind = z.enum(LABEL_KINDS);
export type LabelKind = z.infer<typeof LabelKind>;

export const Label = z.object({
  row_id: z.string().min(1),
  label: LabelValue,
  kind: LabelKind,
  /** Null author means the label cannot be measured against: reported as unmeasured. */
  author: z.string().min(1).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  /**
   * Made with every judge's verdict hidden (the Label view's blind mode); false when a verdict could be seen; null or
   * absent when nobody recorded it (imports, the CLI, labels stored before migration 014).
   */
  blind: z.boolean().nullable().optional(),
});
export type Label = z.infer<typeof Label>;

/** The verdicts a conflict between annotators can be settled to. */
export const SETTLED_VALUES = ['pass', 'fail'] as const;
export const SettledValue = z.enum(SETTLED_VALUES);
export type SettledValue = z.infer<typeof SettledValue>;

/**
 * A conflict settled: the gold a person decided for a row whose annotators disagree. The originals stay as they were;
 * a row's latest adjudication is its settled gold, which wins over every label.
 */
export const Adjudication = z.object({
  row_id: z.string().min(1),
  label: SettledValue,
  /** Who settled it: a settlement always names its author. */
  author: z.string().min(1),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Adjudication = z.infer<typeof Adjudication>;

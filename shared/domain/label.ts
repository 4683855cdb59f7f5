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
});
export type Label = z.infer<typeof Label>;

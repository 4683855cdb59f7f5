import { z } from 'zod';
import { LABEL_KINDS, LABEL_VALUES, SETTLED_VALUES, type Label } from '../../../../shared/domain/label';
import type { AgreementFilePair, LineError } from '../agreement-file';
import { verdictWord } from '../gold-pairs';
import { rowGold, type Settlement } from './row-gold';

/** One author's current label on the row, as agreement.export writes it. */
const FileLabel = z.object({
  author: z.string({ error: 'a label author must be a string or null' }).min(1).nullable().optional(),
  label: z.enum(LABEL_VALUES, { error: `a label must be one of ${LABEL_VALUES.join(', ')}` }),
  kind: z.enum(LABEL_KINDS, { error: `a label kind must be one of ${LABEL_KINDS.join(', ')}` }).default('human'),
  blind: z.boolean({ error: 'a label blind must be true, false or null' }).nullable().optional(),
  created_at: z.string({ error: 'a label created_at must be a string' }).default(''),
});

export const FileLabels = z.array(FileLabel, { error: 'labels must be a list of {"author", "label", "kind", "blind"} objects' });

export const FileSettlement = z.object(
  {
    label: z.enum(SETTLED_VALUES, { error: 'the settled label must be pass or fail' }),
    author: z.string({ error: 'the settled author must be a name' }).min(1),
    created_at: z.string().default(''),
  },
  { error: 'settled must be {"label", "author"} or null' },
);

/**
 * A line that carries its labels: its gold is what they give (the settlement, else the pass or fail all annotators
 * agree on). A `gold` written beside them must say the same, so a hand-edited gold cannot pass unnoticed.
 */
export function labelledLine(
  pair: Omit<AgreementFilePair, 'labels' | 'settlement'>,
  fileLabels: z.infer<typeof FileLabels>,
  fileSettled: z.infer<typeof FileSettlement> | null,
  hasGold: boolean,
): AgreementFilePair | { error: LineError } {
  const labels: Label[] = fileLabels.map((entry) => ({
    row_id: pair.id,
    label: entry.label,
    kind: entry.kind,
    author: entry.author ?? null,
    note: null,
    created_at: entry.created_at,
    blind: entry.blind ?? null,
  }));
  const settlement: (Settlement & { created_at: string }) | null = fileSettled && {
    label: fileSettled.label === 'pass' ? 1 : 0,
    author: fileSettled.author,
    created_at: fileSettled.created_at,
  };
  const gold = rowGold(labels, settlement);
  if (hasGold && pair.gold !== gold.gold) {
    const given = pair.gold === null ? 'null' : `"${verdictWord(pair.gold)}"`;
    const derived = gold.gold === null ? (gold.isConflict ? 'none (a conflict nobody settled)' : 'none') : `"${verdictWord(gold.gold)}"`;
    return {
      error: {
        line: pair.line,
        field: 'gold',
        message: `the gold ${given} does not follow from the labels, which give ${derived}: remove gold or fix the labels`,
      },
    };
  }
  return { ...pair, gold: gold.gold, gold_kind: gold.gold_kind, author: gold.author, labels, settlement };
}

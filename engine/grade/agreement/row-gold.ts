import type { Label, LabelKind } from '../../../shared/domain';
import { goldOf } from '../labels/gold';
import { labelVote } from '../labels/label-values';
import type { Verdict } from './confusion';

/** A row's gold as agreement measures a judge against it: the majority of each author's latest pass/fail label. */
export interface RowGold {
  gold: Verdict | null;
  gold_kind: LabelKind | null;
  /** The voters' names (sorted, comma-joined); null when any counted vote is unsigned, so the row is unmeasured. */
  author: string | null;
  /** The votes mix kinds: `gold_kind` is then the least trusted of them. */
  isMixed: boolean;
}

export const NO_GOLD: RowGold = { gold: null, gold_kind: null, author: null, isMixed: false };

/** Each author's latest label plus every unsigned one, oldest first (the labels that count). */
function currentLabels(labels: readonly Label[]): Label[] {
  const latest = new Map<string, Label>();
  const unsigned: Label[] = [];
  for (const label of labels) {
    if (label.author === null) unsigned.push(label);
    else {
      latest.delete(label.author);
      latest.set(label.author, label);
    }
  }
  return [...latest.values(), ...unsigned];
}

/**
 * The gold of a row's labels (`goldOf`) with who voted for it. A row whose votes mix kinds is reported with its least
 * trusted kind (model, else program), so gold that is not all human is never taken for human.
 */
export function rowGold(labels: readonly Label[]): RowGold {
  const gold = goldOf(labels);
  if (gold.gold_reward === null) return NO_GOLD;
  const voters = currentLabels(labels).filter((label) => labelVote(label.label) !== null);
  const isUnsigned = voters.some((label) => label.author === null);
  const author = isUnsigned ? null : [...new Set(voters.map((label) => label.author!))].sort().join(', ');
  if (gold.gold_kind !== 'mixed') return { gold: gold.gold_reward, gold_kind: gold.gold_kind, author, isMixed: false };
  return { gold: gold.gold_reward, gold_kind: voters.some((label) => label.kind === 'model') ? 'model' : 'program', author, isMixed: true };
}

import type { Label, LabelKind } from '../../../../shared/domain';
import { labelVote } from '../../labels/label-values';
import type { Verdict } from '../confusion';

/**
 * A row's gold as agreement measures a judge against it: the settled label when someone settled the row, else the
 * pass or fail that every vote agrees on (each author's latest label, and each unsigned one; unsure, skip and
 * simulator_error abstain), else none. Votes that split pass against fail are a conflict: no gold until settled.
 */
export interface RowGold {
  gold: Verdict | null;
  gold_kind: LabelKind | null;
  /** The voters' names (sorted, comma-joined) or the settler's; null when any counted vote is unsigned (unmeasured). */
  author: string | null;
  /** The votes mix kinds: `gold_kind` is then the least trusted of them. */
  isMixed: boolean;
  /** Votes split pass against fail and nobody settled the row. */
  isConflict: boolean;
}

/** A row's settlement: the gold a person decided for it. */
export interface Settlement {
  label: Verdict;
  author: string;
}

export const NO_GOLD: RowGold = { gold: null, gold_kind: null, author: null, isMixed: false, isConflict: false };

/** Each author's latest label plus every unsigned one, oldest first (the labels that count). */
export function currentLabels(labels: readonly Label[]): Label[] {
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

/** The gold of a row's labels (oldest first) and its settlement, if any; see RowGold. */
export function rowGold(labels: readonly Label[], settlement: Settlement | null = null): RowGold {
  if (settlement) return { gold: settlement.label, gold_kind: 'human', author: settlement.author, isMixed: false, isConflict: false };
  const voters = currentLabels(labels).filter((label) => labelVote(label.label) !== null);
  const passes = voters.filter((label) => labelVote(label.label) === 1).length;
  if (voters.length === 0) return NO_GOLD;
  if (passes > 0 && passes < voters.length) return { ...NO_GOLD, isConflict: true };
  const gold: Verdict = passes > 0 ? 1 : 0;
  const isUnsigned = voters.some((label) => label.author === null);
  const author = isUnsigned ? null : [...new Set(voters.map((label) => label.author!))].sort().join(', ');
  const kinds = new Set(voters.map((label) => label.kind));
  const [only] = kinds;
  if (kinds.size === 1 && only !== undefined) return { gold, gold_kind: only, author, isMixed: false, isConflict: false };
  // Gold that is not all human is never taken for human: reported with its least trusted kind.
  return { gold, gold_kind: kinds.has('model') ? 'model' : 'program', author, isMixed: true, isConflict: false };
}

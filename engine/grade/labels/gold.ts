import type { Label, LabelKind } from '../../../shared/domain';
import { labelVote } from './label-values';

/** What a row carries once labelled. */
export interface GoldFields {
  gold_labels: Label[];
  /** Majority of the pass (1) / fail (0) votes; null on a tie or with no vote. */
  gold_reward: 0 | 1 | null;
  /** The kind every counted vote shares, else `mixed`; null when gold_reward is. */
  gold_kind: LabelKind | 'mixed' | null;
}

/**
 * The gold verdict of a row's labels. Each author's latest label is their vote (a person who changes their mind
 * counts once, as the label store keeps it); unauthored labels vote one each; unsure, skip and simulator_error
 * abstain.
 */
export function goldOf(labels: readonly Label[]): Omit<GoldFields, 'gold_labels'> & { votes: number } {
  const latest = new Map<string, Label>();
  const unauthored: Label[] = [];
  for (const label of labels) {
    if (label.author === null) unauthored.push(label);
    else {
      latest.delete(label.author);
      latest.set(label.author, label);
    }
  }
  const counted = [...latest.values(), ...unauthored].filter((label) => labelVote(label.label) !== null);
  const passes = counted.filter((label) => labelVote(label.label) === 1).length;
  const fails = counted.length - passes;
  if (passes === fails) return { gold_reward: null, gold_kind: null, votes: counted.length };
  const kinds = new Set(counted.map((label) => label.kind));
  const [only] = kinds;
  return { gold_reward: passes > fails ? 1 : 0, gold_kind: kinds.size === 1 && only !== undefined ? only : 'mixed', votes: counted.length };
}

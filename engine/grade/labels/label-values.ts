import { LABEL_KINDS, LABEL_VALUES, type LabelKind, type LabelValue } from '../../../shared/domain';

/** `verifier` is the SDK's other name for a program's label. */
const KIND_ALIASES: Readonly<Record<string, LabelKind>> = { verifier: 'program' };

/** A label as written in a file or a call: pass/fail/unsure/skip/simulator_error, 1/0, true/false. */
export function parseLabelValue(raw: unknown): LabelValue | null {
  if (typeof raw === 'boolean') return raw ? 'pass' : 'fail';
  if (typeof raw === 'number') return raw === 1 ? 'pass' : raw === 0 ? 'fail' : null;
  if (typeof raw !== 'string') return null;
  const word = raw.trim().toLowerCase();
  if ((LABEL_VALUES as readonly string[]).includes(word)) return word as LabelValue;
  if (word === '1' || word === 'true') return 'pass';
  if (word === '0' || word === 'false') return 'fail';
  return null;
}

/** human | program (alias verifier) | model, any case; null for anything else. */
export function parseLabelKind(raw: unknown): LabelKind | null {
  if (typeof raw !== 'string') return null;
  const word = raw.trim().toLowerCase();
  if ((LABEL_KINDS as readonly string[]).includes(word)) return word as LabelKind;
  return KIND_ALIASES[word] ?? null;
}

export const KIND_CHOICES = 'human, program (alias verifier) or model';

/** The vote a label casts on gold_reward: pass 1, fail 0; unsure, skip and simulator_error abstain. */
export function labelVote(value: LabelValue): 0 | 1 | null {
  switch (value) {
    case 'pass':
      return 1;
    case 'fail':
      return 0;
    case 'unsure':
    case 'skip':
    case 'simulator_error':
      return null;
    default: {
      const unreachable: never = value;
      return unreachable;
    }
  }
}

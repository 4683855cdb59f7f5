import type { Row, Spec } from '../../../shared/domain';
import { conductGrade } from '../../grade/conduct/conduct-grade';
import { rowIdKindError } from '../../world/audit/id-audit';
import { worldContradictions } from '../../world/audit/world-contradictions';
import { rowReferenceKindError, specIdKinds } from './reference-kinds';
import { quotesPolicy } from './policy-quotes';
import { distinctBigrams, repetition } from './user-sentences';

/** What one run's rows read like, as the goals count it. */
export interface RealismFigures {
  rows: number;
  /** Rows containing the run's most frequent user sentence, over rows. */
  repeated_sentence: number;
  repeated_sentence_text: string;
  /** The ten most frequent user sentences' occurrences, over all user sentences. */
  top_ten_sentences: number;
  /** Openers that repeat six or more words of a policy clause, over openers. */
  policy_quotes: number;
  /** Rows with an id-typed field (a call's argument or the world's answer) not holding an id of its kind. */
  id_kind_errors: number;
  /** Rows where the person names an id of a kind their ask does not take. */
  reference_kind_errors: number;
  /** Distinct word bigrams over all bigrams of the openers. */
  distinct_2: number;
  /** World reads that disagree with its earlier answers, plus honest replies (no planted mistake) claiming success after an error. */
  contradictions: number;
  /** The first few problems found, for reading. */
  examples: string[];
}

const EXAMPLES = 8;

export function realismFigures(rows: readonly Row[], spec: Spec): RealismFigures {
  const kinds = specIdKinds(spec);
  const declared = spec.tools.map((tool) => tool.name);
  const openers = rows.map((row) => row.messages.find((message) => message.role === 'user')?.content ?? row.prompt);
  const examples: string[] = [];
  const note = (row: Row, text: string) => {
    if (examples.length < EXAMPLES) examples.push(`#${row.ordinal} ${text}`);
  };
  let idErrors = 0;
  let referenceErrors = 0;
  let contradictions = 0;
  for (const row of rows) {
    const idError = rowIdKindError(row, kinds);
    if (idError) {
      idErrors++;
      note(row, `id kind: ${idError}`);
    }
    const referenceError = rowReferenceKindError(row, spec, kinds);
    if (referenceError) {
      referenceErrors++;
      note(row, `reference kind: ${referenceError}`);
    }
    const world = worldContradictions(row);
    contradictions += world.length;
    for (const text of world) note(row, `world: ${text}`);
    if ((row.seeded ?? []).length === 0 && conductGrade(row, declared).rule === 'success_after_failure') {
      contradictions++;
      note(row, 'honest reply claimed success after a failed call');
    }
  }
  const { repeatedSentenceShare, repeatedSentence, topTenShare } = repetition(rows);
  const share = (count: number) => (rows.length === 0 ? 0 : count / rows.length);
  return {
    rows: rows.length,
    repeated_sentence: repeatedSentenceShare,
    repeated_sentence_text: repeatedSentence,
    top_ten_sentences: topTenShare,
    policy_quotes: share(openers.filter((opener) => quotesPolicy(opener, spec.policy_rules)).length),
    id_kind_errors: share(idErrors),
    reference_kind_errors: share(referenceErrors),
    distinct_2: distinctBigrams(openers),
    contradictions,
    examples,
  };
}

/** The goals, each as a bound on one figure. */
export const REALISM_GOALS = {
  repeated_sentence: { most: 0.03, label: 'repeated sentence', goal: '<= 3% of rows' },
  top_ten_sentences: { most: 0.1, label: 'top-10 sentences', goal: '<= 10% of user sentences' },
  policy_quotes: { most: 0.05, label: 'policy quotes', goal: '<= 5% of openers' },
  id_kind_errors: { most: 0.01, label: 'id kind errors', goal: '<= 1% of rows' },
  reference_kind_errors: { most: 0.02, label: 'reference kind errors', goal: '<= 2% of rows' },
  distinct_2: { least: 0.45, label: 'distinct-2 of openers', goal: '>= 0.45' },
  contradictions: { most: 0, label: 'world contradictions', goal: '0' },
} as const satisfies Record<string, { most?: number; least?: number; label: string; goal: string }>;

export type RealismGoal = keyof typeof REALISM_GOALS;

export function meetsGoal(goal: RealismGoal, value: number): boolean {
  const bound: { most?: number; least?: number } = REALISM_GOALS[goal];
  return bound.most !== undefined ? value <= bound.most : value >= (bound.least ?? 0);
}

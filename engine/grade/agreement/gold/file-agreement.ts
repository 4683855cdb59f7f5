import type { AgreementFilePair } from '../agreement-file';
import { conflictWarnings, goldSummary, type GoldSummary, type GoldInput } from './gold-summary';
import { measureJudge, type GoldPair, type JudgeMeasure } from '../judge-measure';
import { NO_ROWS_WITHOUT_GOLD } from '../judge-agreement';
import type { RowGold } from './row-gold';

export interface FileAgreementOptions {
  /** Only labels made blind, and no settlement (`--blind-only`). */
  blindOnly?: boolean;
}

/** What `wai agreement` reports of a file: the judge's figures and, where lines carry labels, the gold's own. */
export interface FileAgreement extends JudgeMeasure {
  n_gold: number;
  n_conflicts: number;
  blind_only: boolean;
  labels_made: GoldSummary<GoldInput>['labels_made'];
  human_agreement: GoldSummary<GoldInput>['human_agreement'];
  fleiss: GoldSummary<GoldInput>['fleiss'];
  /** About the gold (conflicts waiting, lines blind-only cannot read, people with no row in common): before any number. */
  warnings: string[];
}

type LabelledLine = AgreementFilePair & GoldInput;

const hasLabels = (pair: AgreementFilePair): pair is AgreementFilePair & { labels: NonNullable<AgreementFilePair['labels']> } =>
  pair.labels !== undefined;

/**
 * The agreement file's figures, as agreement.get reports them for the run it came from: lines with labels get their
 * gold from them (settled, else all annotators agreeing), lines with a bare gold keep it (blind-only cannot tell how
 * such gold was made, so it drops it and says so), and the judge is measured over every line.
 */
export function fileAgreement(pairs: readonly AgreementFilePair[], options: FileAgreementOptions = {}): FileAgreement {
  const isBlindOnly = options.blindOnly ?? false;
  const labelled: LabelledLine[] = pairs.filter(hasLabels).map((pair) => ({
    ...pair,
    row_id: pair.id,
    task: pair.scenario_id ?? pair.id,
    labels: pair.labels,
    settlement: pair.settlement ?? null,
  }));
  const summary = goldSummary(labelled, { blindOnly: isBlindOnly });
  const golden = new Map<string, RowGold & { decided_at: string }>(summary.rows.map((row) => [row.id, row]));
  const warnings = [...conflictWarnings(summary.n_conflicts), ...summary.warnings];
  const bare = pairs.filter((pair) => !hasLabels(pair) && pair.gold !== null).length;
  if (isBlindOnly && bare > 0) {
    warnings.unshift(
      `${bare} ${bare === 1 ? 'line gives' : 'lines give'} gold without its labels, so --blind-only cannot tell how it was made: ` +
        'left out. Export the file again from While Studio to carry each label.',
    );
  }
  const goldPairs = pairs.map((pair): GoldPair => {
    const gold = golden.get(pair.id);
    const isBare = gold === undefined;
    return {
      id: pair.scenario_id ?? pair.id,
      row_id: pair.id,
      judge: pair.judge,
      gold: isBare ? (isBlindOnly ? null : pair.gold) : gold.gold,
      gold_kind: isBare ? pair.gold_kind : gold.gold_kind,
      author: isBare ? pair.author : gold.author,
      decided_at: gold?.decided_at ?? '',
    };
  });
  return {
    ...measureJudge(goldPairs, NO_ROWS_WITHOUT_GOLD),
    n_gold: goldPairs.filter((pair) => pair.gold !== null).length,
    n_conflicts: summary.n_conflicts,
    blind_only: isBlindOnly,
    labels_made: summary.labels_made,
    human_agreement: summary.human_agreement,
    fleiss: summary.fleiss,
    warnings,
  };
}

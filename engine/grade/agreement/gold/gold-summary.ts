import type { Label } from '../../../../shared/domain';
import { humanAgreementsOf, type HumanAgreement, type HumanFleiss } from '../human-agreement';
import { currentLabels, rowGold, type RowGold, type Settlement } from './row-gold';

/** A labelled row as agreement reads it: its labels (oldest first) and its settlement, if someone settled it. */
export interface GoldInput {
  row_id: string;
  /** The task the row belongs to (its scenario): repeats of one task fall in the same held-out half. */
  task: string;
  labels: readonly Label[];
  settlement: (Settlement & { created_at: string }) | null;
}

export interface GoldOptions {
  /** Read only labels made blind, and no settlement (a person settles a conflict seeing both labels). */
  blindOnly?: boolean;
}

/** A row with its gold, and when that gold last changed (the newest counted label or settlement: the series' order). */
export type GoldRowOf<R extends GoldInput> = R & RowGold & { decided_at: string };

export interface GoldSummary<R extends GoldInput> {
  rows: GoldRowOf<R>[];
  n_gold: number;
  /** Rows whose votes split pass against fail with nobody settling: waiting for adjudication. */
  n_conflicts: number;
  /** Each author's current labels (every unsigned one too), by whether they were made blind. */
  labels_made: { blind: number; sighted: number; unrecorded: number };
  human_agreement: HumanAgreement[];
  fleiss: HumanFleiss | null;
  warnings: string[];
}

/**
 * The gold of every labelled row (settled, else all annotators agreeing, else none), the conflicts waiting, how the
 * labels were made, and human-human agreement: what the app's trust panel and `wai agreement` both report.
 */
export function goldSummary<R extends GoldInput>(rows: readonly R[], options: GoldOptions = {}): GoldSummary<R> {
  const isBlindOnly = options.blindOnly ?? false;
  const labels_made = { blind: 0, sighted: 0, unrecorded: 0 };
  const read: Label[] = [];
  const golden = rows.map((row): GoldRowOf<R> => {
    const current = currentLabels(row.labels);
    for (const label of current) {
      if (label.blind === true) labels_made.blind += 1;
      else if (label.blind === false) labels_made.sighted += 1;
      else labels_made.unrecorded += 1;
    }
    const labels = isBlindOnly ? row.labels.filter((label) => label.blind === true) : row.labels;
    read.push(...labels);
    const settlement = isBlindOnly ? null : row.settlement;
    const gold = rowGold(labels, settlement);
    const times = [...currentLabels(labels).map((label) => label.created_at), ...(settlement ? [settlement.created_at] : [])];
    return { ...row, ...gold, decided_at: times.reduce((latest, time) => (time > latest ? time : latest), '') };
  });
  const humans = humanAgreementsOf(read);
  return {
    rows: golden,
    n_gold: golden.filter((row) => row.gold !== null).length,
    n_conflicts: golden.filter((row) => row.isConflict).length,
    labels_made,
    human_agreement: humans.agreements,
    fleiss: humans.fleiss,
    warnings: humans.warnings,
  };
}

/** Rows (given in row order) in the order their gold was decided, ties in row order: the order the agreement series follows. */
export function inDecidedOrder<R extends { decided_at: string }>(rows: readonly R[]): R[] {
  return [...rows].sort((left, right) => (left.decided_at === right.decided_at ? 0 : left.decided_at < right.decided_at ? -1 : 1));
}

/** Sentences for the conflicts waiting, placed before the numbers. */
export function conflictWarnings(nConflicts: number): string[] {
  if (nConflicts === 0) return [];
  return [
    `${nConflicts} ${nConflicts === 1 ? 'row is' : 'rows are'} waiting for adjudication: annotators disagree (pass against fail), so ` +
      `${nConflicts === 1 ? 'it has' : 'they have'} no gold until someone settles ${nConflicts === 1 ? 'it' : 'them'}.`,
  ];
}

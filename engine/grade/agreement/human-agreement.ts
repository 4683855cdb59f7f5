import type { Label } from '../../../shared/domain';
import { labelVote } from '../labels/label-values';
import { cohenKappa, tally, type Confusion, type Verdict } from './confusion';
import { fleissKappa, type FleissKappa } from './fleiss';
import { pairKappaDefinition, type KappaDefinition } from './kappa-definition';
import { round4 } from './numbers';

/** One human label on one row. */
export interface AuthoredLabel {
  id: string;
  author: string;
  label: Verdict;
}

export interface HumanAgreement extends KappaDefinition {
  /** The two authors compared, first then second; null when two could not be chosen. */
  authors: [string, string] | null;
  /** Rows both authors labelled. */
  n: number;
  n_only_first: number;
  n_only_second: number;
  /** Share of shared rows with the same label, 4 dp; null when n = 0. */
  agreement: number | null;
  /** Cohen's kappa in [-1, 1] (symmetric in the authors), 4 dp; null when n = 0. */
  kappa: number | null;
  /** The first author's labels as the prediction, the second's as the truth. */
  confusion: Confusion;
  warnings: string[];
}

function chooseAuthors(labels: readonly AuthoredLabel[], authors: readonly [string, string] | undefined): [string, string] | string {
  if (authors !== undefined) {
    return authors[0] === authors[1] ? `Compare two different authors, not ${authors[0]} with itself.` : [authors[0], authors[1]];
  }
  const found = [...new Set(labels.map((label) => label.author))];
  const [first, second] = found;
  if (found.length === 2 && first !== undefined && second !== undefined) return [first, second];
  return found.length < 2
    ? `Two authors are needed, found ${found.length === 0 ? 'none' : found.join(', ')}: have a second person label the same rows.`
    : `There are more than two authors (${found.join(', ')}): name the two to compare.`;
}

function labelsBy(labels: readonly AuthoredLabel[], author: string, warnings: string[]): Map<string, Verdict> {
  const byRow = new Map<string, Verdict>();
  let repeated = 0;
  for (const label of labels) {
    if (label.author !== author) continue;
    if (byRow.has(label.id)) repeated += 1;
    byRow.set(label.id, label.label);
  }
  if (repeated > 0) warnings.push(`Author ${author} labelled ${repeated} rows more than once: the last label counts.`);
  return byRow;
}

/** Agreement between two human authors on the rows both labelled: the ceiling a judge can be held to. */
export function humanAgreement(labels: readonly AuthoredLabel[], authors?: readonly [string, string]): HumanAgreement {
  const chosen = chooseAuthors(labels, authors);
  const empty: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  if (typeof chosen === 'string') {
    return {
      authors: null,
      n: 0,
      n_only_first: 0,
      n_only_second: 0,
      agreement: null,
      kappa: null,
      ...pairKappaDefinition(empty, ['', '']),
      confusion: empty,
      warnings: [chosen],
    };
  }
  const warnings: string[] = [];
  const first = labelsBy(labels, chosen[0], warnings);
  const second = labelsBy(labels, chosen[1], warnings);
  const shared: Array<readonly [Verdict, Verdict]> = [];
  for (const [id, label] of first) {
    const other = second.get(id);
    if (other !== undefined) shared.push([label, other]);
  }
  const confusion = tally(shared);
  const n = shared.length;
  if (n === 0) {
    warnings.push(
      `Authors ${chosen[0]} and ${chosen[1]} labelled no row in common, so there is nothing to compare: have both label the same rows.`,
    );
  } else if (confusion.tp + confusion.fn === n && confusion.tp + confusion.fp === n) {
    warnings.push('Both authors passed every shared row, so kappa cannot tell agreement from chance: compare on rows with failures.');
  } else if (confusion.tn + confusion.fp === n && confusion.tn + confusion.fn === n) {
    warnings.push('Both authors failed every shared row, so kappa cannot tell agreement from chance: compare on rows with passes.');
  }
  return {
    authors: chosen,
    n,
    n_only_first: first.size - n,
    n_only_second: second.size - n,
    agreement: n === 0 ? null : round4((confusion.tp + confusion.tn) / n),
    kappa: cohenKappa(confusion),
    ...pairKappaDefinition(confusion, chosen),
    confusion,
    warnings,
  };
}

/** Fleiss' kappa of three or more people, on the rows every one of them labelled pass or fail. */
export interface HumanFleiss extends FleissKappa {
  authors: string[];
}

/** `authored` holds one label per author and row (the latest). */
function fleissOf(authored: readonly AuthoredLabel[], authors: readonly string[]): HumanFleiss {
  const byRow = new Map<string, Verdict[]>();
  for (const label of authored) {
    const votes = byRow.get(label.id);
    if (votes) votes.push(label.label);
    else byRow.set(label.id, [label.label]);
  }
  const rows = [...byRow.values()]
    .filter((votes) => votes.length === authors.length)
    .map((votes) => {
      const pass = votes.filter((vote) => vote === 1).length;
      return { pass, fail: votes.length - pass };
    });
  return { authors: [...authors], ...fleissKappa(rows) };
}

/**
 * Every two people compared on the rows both labelled (Cohen's kappa), and with three or more people Fleiss' kappa on
 * the rows all of them labelled, from a run's labels (oldest first): human labels only, each author's latest on a row,
 * pass/fail only. A warning when two or more people labelled no row in common.
 */
export function humanAgreementsOf(labels: readonly Label[]): {
  agreements: HumanAgreement[];
  fleiss: HumanFleiss | null;
  warnings: string[];
} {
  const latest = new Map<string, Label>();
  for (const label of labels) {
    if (label.kind === 'human' && label.author !== null) latest.set(`${label.author}\u0000${label.row_id}`, label);
  }
  const authored: AuthoredLabel[] = [];
  for (const label of latest.values()) {
    const vote = labelVote(label.label);
    if (vote !== null) authored.push({ id: label.row_id, author: label.author!, label: vote });
  }
  const authors = [...new Set(authored.map((label) => label.author))].sort();
  const agreements: HumanAgreement[] = [];
  for (let first = 0; first < authors.length; first += 1) {
    for (let second = first + 1; second < authors.length; second += 1) {
      const result = humanAgreement(authored, [authors[first]!, authors[second]!]);
      if (result.n > 0) agreements.push(result);
    }
  }
  const warnings =
    authors.length >= 2 && agreements.length === 0
      ? [`${authors.join(', ')} labelled no row in common: human-human agreement needs two people on the same rows.`]
      : [];
  const fleiss = authors.length >= 3 ? fleissOf(authored, authors) : null;
  if (fleiss !== null && fleiss.n === 0 && agreements.length > 0) {
    warnings.push(`No row was labelled by all of ${authors.join(', ')}, so Fleiss' kappa has nothing to measure.`);
  }
  return { agreements, fleiss, warnings };
}

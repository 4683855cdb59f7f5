import type { Label } from '../../../shared/domain';
import { AttachLabelsError } from './attach-labels-error';
import { goldOf, type GoldFields } from './gold';
import { KIND_CHOICES, parseLabelKind, parseLabelValue } from './label-values';

/** The row identity labels are matched on: plain fields, so the main process can match stored rows. */
export interface LabelTarget {
  /** The row's key in the store; every new Label's `row_id`. */
  id: string;
  rollout_id?: string;
  scenario_id: string;
  rollout_index: number;
  /** Labels the row already has, oldest first. */
  gold_labels?: readonly Label[];
}

/** A label to attach. `label` is pass/fail/unsure/skip/simulator_error, 1/0 or true/false. */
export interface LabelInput {
  /** A row id, a rollout id, `<scenario_id>#<rollout_index>`, or a bare scenario_id naming its single rollout. */
  key: string;
  label: unknown;
  author?: string | null;
  /** This label's own kind; defaults to the call's. */
  kind?: string | null;
  note?: string | null;
  created_at?: string | null;
  /** Line in an import file, for error messages. */
  line?: number;
}

export interface AttachLabelsOptions {
  /** human | program (alias verifier) | model; default human. */
  kind?: string;
  /** Author for labels that name none; none at all leaves the label unauthored (reported as unmeasured). */
  annotator?: string | null;
  /** Drop a labelled row's earlier labels instead of appending. */
  replace?: boolean;
  /** Time stamped on labels that carry none. */
  now: () => string;
}

export interface AttachLabelsReport {
  labels: number;
  matched: number;
  unmatched: number;
  /** The first 10 keys that named no row. */
  unmatched_keys: string[];
  rows_labeled: number;
  /** Labelled rows whose votes split evenly: gold_reward left unset. */
  ties: number;
  authors: string[];
  warnings: string[];
}

export interface AttachLabelsResult<T extends LabelTarget> {
  /** Every target in the given order, with its gold fields; the inputs are not changed. */
  rows: Array<T & GoldFields>;
  /** The labels created by this call, in input order: what the store appends. */
  added: Label[];
  report: AttachLabelsReport;
}

const UNMATCHED_SHOWN = 10;
const PROBLEMS_SHOWN = 5;

function resolver(targets: readonly LabelTarget[]): (key: string) => number[] {
  const tiers = [new Map<string, number[]>(), new Map<string, number[]>(), new Map<string, number[]>(), new Map<string, number[]>()];
  const add = (tier: Map<string, number[]>, key: string | undefined, index: number) => {
    if (key === undefined || key === '') return;
    const hits = tier.get(key) ?? [];
    if (!hits.includes(index)) hits.push(index);
    tier.set(key, hits);
  };
  targets.forEach((target, index) => {
    add(tiers[0]!, target.id, index);
    add(tiers[1]!, target.rollout_id, index);
    add(tiers[2]!, `${target.scenario_id}#${target.rollout_index}`, index);
    add(tiers[3]!, target.scenario_id, index);
  });
  return (key) => {
    for (const tier of tiers) {
      const hits = tier.get(key);
      if (hits) return hits;
    }
    return [];
  };
}

function where(input: LabelInput): string {
  return input.line === undefined ? `label for "${input.key}"` : `line ${input.line}`;
}

/**
 * Attaches labels to rows (SDK `attach_labels`): a key is matched to a row by row id, then rollout id, then
 * `<scenario_id>#<rollout_index>`, then a bare scenario_id. Rows gain `gold_labels` (appended, or replaced with
 * `replace`), `gold_reward` (majority of pass/fail votes, each author's latest label counting once; a tie leaves
 * it null) and `gold_kind` (the kind every vote shares, else `mixed`). Throws AttachLabelsError, before changing
 * anything, for an unknown kind, an unreadable label, a key matching several rows, or when no label matches any row.
 */
export function attachLabels<T extends LabelTarget>(
  targets: readonly T[],
  labels: readonly LabelInput[],
  options: AttachLabelsOptions,
): AttachLabelsResult<T> {
  const kindOption = options.kind ?? 'human';
  const defaultKind = parseLabelKind(kindOption);
  if (defaultKind === null) throw new AttachLabelsError(`kind "${kindOption}" is not one of ${KIND_CHOICES}`);
  const resolve = resolver(targets);
  const problems: string[] = [];
  const unmatchedKeys: string[] = [];
  const planned: Array<{ index: number; label: Label }> = [];
  for (const input of labels) {
    const value = parseLabelValue(input.label);
    const ownKind = input.kind === undefined || input.kind === null || input.kind === '' ? defaultKind : parseLabelKind(input.kind);
    if (value === null) problems.push(`${where(input)}: unknown label ${JSON.stringify(input.label)}`);
    if (ownKind === null) problems.push(`${where(input)}: kind "${String(input.kind)}" is not one of ${KIND_CHOICES}`);
    const hits = resolve(input.key.trim());
    if (hits.length > 1) {
      problems.push(
        `${where(input)}: "${input.key}" matches ${hits.length} rows (${hits
          .slice(0, 3)
          .map((hit) => targets[hit]!.id)
          .join(', ')}${hits.length > 3 ? ', ...' : ''}); name one row id`,
      );
    }
    if (hits.length === 0) unmatchedKeys.push(input.key);
    const [index] = hits;
    if (hits.length !== 1 || index === undefined || value === null || ownKind === null) continue;
    const author = (input.author ?? options.annotator ?? '').trim();
    planned.push({
      index,
      label: {
        row_id: targets[index]!.id,
        label: value,
        kind: ownKind,
        author: author === '' ? null : author,
        note: input.note === undefined || input.note === null || input.note.trim() === '' ? null : input.note,
        created_at:
          input.created_at === undefined || input.created_at === null || input.created_at.trim() === '' ? options.now() : input.created_at,
      },
    });
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN).join('; ');
    const more = problems.length > PROBLEMS_SHOWN ? `; and ${problems.length - PROBLEMS_SHOWN} more` : '';
    throw new AttachLabelsError(`no labels attached: ${shown}${more}`, problems);
  }
  if (planned.length === 0) {
    const keys = unmatchedKeys
      .slice(0, 3)
      .map((key) => `"${key}"`)
      .join(', ');
    throw new AttachLabelsError(labels.length === 0 ? 'no labels given' : `no label matches any row (keys such as ${keys})`);
  }
  return apply(targets, labels.length, planned, unmatchedKeys, options.replace ?? false);
}

function apply<T extends LabelTarget>(
  targets: readonly T[],
  given: number,
  planned: ReadonlyArray<{ index: number; label: Label }>,
  unmatchedKeys: readonly string[],
  replace: boolean,
): AttachLabelsResult<T> {
  const added = new Map<number, Label[]>();
  for (const { index, label } of planned) added.set(index, [...(added.get(index) ?? []), label]);
  let ties = 0;
  const rows = targets.map((target, index) => {
    const fresh = added.get(index);
    const labels = fresh === undefined ? [...(target.gold_labels ?? [])] : [...(replace ? [] : (target.gold_labels ?? [])), ...fresh];
    const gold = goldOf(labels);
    if (fresh !== undefined && gold.gold_reward === null && gold.votes > 0) ties += 1;
    return { ...target, gold_labels: labels, gold_reward: gold.gold_reward, gold_kind: gold.gold_kind };
  });
  const allAdded = planned.map((entry) => entry.label);
  const authors = [...new Set(allAdded.map((label) => label.author).filter((author): author is string => author !== null))].sort();
  const unauthored = allAdded.filter((label) => label.author === null).length;
  const warnings: string[] = [];
  if (unmatchedKeys.length > 0)
    warnings.push(`Skipped: ${unmatchedKeys.length} of ${given} labels name no row; check their row ids (or rollout ids).`);
  if (ties > 0) {
    warnings.push(
      `Labels split evenly on ${ties === 1 ? '1 row' : `${ties} rows`}, so gold_reward is left unset ` +
        `there: read their gold_labels and add a deciding label.`,
    );
  }
  if (unauthored > 0) {
    warnings.push(
      `No author is named on ${unauthored === 1 ? '1 label' : `${unauthored} labels`}: gold without an ` +
        `author is reported as unmeasured; sign them (an author column, or --author).`,
    );
  }
  return {
    rows,
    added: allAdded,
    report: {
      labels: given,
      matched: planned.length,
      unmatched: unmatchedKeys.length,
      unmatched_keys: unmatchedKeys.slice(0, UNMATCHED_SHOWN),
      rows_labeled: added.size,
      ties,
      authors,
      warnings,
    },
  };
}

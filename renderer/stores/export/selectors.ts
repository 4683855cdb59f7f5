import type { Issue } from '../../../shared/api';
import type { ExportFormatName, ExportRequestInput, TrainingKind } from '../../../shared/api/exports';
import { DEFERRED_FIELDS, folderFilesInputOf, requestOf } from './form';
import type { ExportFormatChoice, ExportState, JobState } from './initial-state';
import { datasetFiles, formatBytes } from './result';
import { countOf, formatCount, formatCountsIn, formatStoredTime } from './words';

/** The form's problems, each at its field (none while the selection is still being read). */
export function selectFormIssues(state: Pick<ExportState, 'form' | 'selection'>): Issue[] {
  const selection = state.selection.value ?? { run_id: 'pending' };
  const built = requestOf(state.form, selection);
  return built.ok ? [] : built.issues;
}

/**
 * The problems shown at their fields: a required field that starts blank (the Hub repository, the folder) is not
 * wrong before the person has typed in it or pressed Export.
 */
export function selectVisibleIssues(state: Pick<ExportState, 'form' | 'selection' | 'touched' | 'attempted'>): Issue[] {
  return selectFormIssues(state).filter(
    (issue) => state.attempted || !DEFERRED_FIELDS.has(issue.path) || state.touched.includes(issue.path),
  );
}

/** The preview key the form stands for now; null when the form has problems or the selection is not read yet. */
export function selectPreviewKey(state: Pick<ExportState, 'form' | 'selection'>): string | null {
  if (!state.selection.value) return null;
  const built = requestOf(state.form, state.selection.value, { forPreview: true });
  return built.ok ? JSON.stringify(built.request) : null;
}

export const selectIsJobActive = (state: Pick<ExportState, 'job'>): boolean =>
  state.job !== null && (state.job.status === 'starting' || state.job.status === 'running');

/** The push cannot succeed without a Hugging Face token (neither HF_TOKEN nor one stored in Settings): the reason, else null. */
export function selectHubTokenProblem(state: Pick<ExportState, 'form' | 'hubToken'>): string | null {
  if (state.form.destination !== 'hub' || state.hubToken?.source !== 'missing') return null;
  return 'No Hugging Face token: set one in Settings (or HF_TOKEN for the server) before pushing.';
}

function blockerOf(state: ExportState, issues: readonly Issue[]): string | null {
  if (selectIsJobActive(state)) return 'An export is running.';
  if (state.selection.status === 'loading') return 'Reading the selection…';
  if (!state.selection.value) return state.selection.error ?? 'Nothing is selected.';
  const [issue] = issues;
  if (issue) return issue.message;
  const tokenProblem = selectHubTokenProblem(state);
  if (tokenProblem) return tokenProblem;
  const folderProblem = selectFolderProblem(state);
  if (folderProblem) return folderProblem;
  const key = selectPreviewKey(state);
  if (state.preview.status === 'error' && state.preview.key === key) return 'The preview failed: see the message above.';
  if (state.preview.status !== 'ready' || state.preview.key !== key || !state.preview.value) return 'Counting the rows…';
  if (state.preview.value.n_lines === 0)
    return state.preview.value.nothing_to_write ?? 'Nothing would be written: change the selection or the format.';
  return null;
}

/**
 * Why Export cannot start now (a sentence), or null when it can: the preview must answer for the form as it is, so
 * the counts and warnings a person read are the ones the export will meet.
 */
export const selectStartBlocker = (state: ExportState): string | null => blockerOf(state, selectFormIssues(state));

const HINTS: Readonly<Record<string, string>> = {
  repo_id: 'Type the Hub repository to push to (owner/name).',
  folder: 'Type the folder the files go to.',
};

/**
 * What the footer says and whether Export can be pressed. A blank required field nobody has touched yet is a hint,
 * not an error: Export stays pressable, and pressing it shows the field's problem there.
 */
export function selectStartPrompt(state: ExportState): { message: string | null; canPress: boolean } {
  const blocker = blockerOf(state, selectVisibleIssues(state));
  if (blocker !== null) return { message: blocker, canPress: false };
  const [hidden] = selectFormIssues(state);
  if (hidden) return { message: HINTS[hidden.path] ?? hidden.message, canPress: true };
  return { message: null, canPress: true };
}

const KIND_OF: Readonly<Record<ExportFormatName, TrainingKind>> = {
  openai: 'sft',
  trl: 'sft',
  'dpo-openai': 'dpo',
  'dpo-trl': 'dpo',
  'dpo-full': 'dpo',
  grpo: 'grpo',
};

/**
 * Warnings made from the preview's own counts, for the request it answers: failing or ungraded rows that SFT would
 * imitate once "passes only" is off, and ungraded rows that DPO, GRPO or an environment cannot use.
 */
export function gradeWarnings(preview: ExportState['preview']): string[] {
  const value = preview.value;
  if (!value || preview.key === null) return [];
  const request = JSON.parse(preview.key) as ExportRequestInput;
  const kind = KIND_OF[request.format ?? 'openai'];
  const grades = value.grades;
  const warnings: string[] = [];
  if (request.destination.kind === 'environment' || kind !== 'sft') {
    const what = request.destination.kind === 'environment' ? 'an RL environment' : kind === 'dpo' ? 'a DPO export' : 'a GRPO export';
    if (grades && grades.ungraded > 0)
      warnings.push(`${countOf(grades.ungraded, 'row is', 'rows are')} ungraded: grade the run before ${what}.`);
    return warnings;
  }
  if (request.selection.passes_only) {
    // The preview's own sentence on why nothing would be written says it, with its fix.
    if (value.n_selected === 0 && !value.nothing_to_write)
      warnings.push('No selected row has a full pass (reward 1): grade the run first, or turn off “Passes only”.');
    return warnings;
  }
  const train = grades?.train;
  if (!train) return warnings;
  if (train.failing > 0) warnings.push(`${countOf(train.failing, 'row fails its grade', 'rows fail their grade')} and will be trained on.`);
  if (train.ungraded > 0) {
    warnings.push(
      `${countOf(
        train.ungraded,
        'row is ungraded: grade the run first or it is trained on as it is',
        'rows are ungraded: grade the run first or they are trained on as they are',
      )}.`,
    );
  }
  return warnings;
}

const folderOf = (path: string) => path.trim().replace(/[\\/]+$/, '');

const listOf = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/** The disk's answer for the folder the form names now; null while it is asked or when it names another folder. */
function currentFolderFiles(state: Pick<ExportState, 'form' | 'folderFiles'>): ExportState['folderFiles'] | null {
  const input = folderFilesInputOf(state.form);
  if (!input || state.folderFiles.key !== JSON.stringify(input)) return null;
  return state.folderFiles;
}

/** Why the chosen folder cannot take an export (a path that is a file), from the disk; null when it can or is unknown yet. */
export function selectFolderProblem(state: Pick<ExportState, 'form' | 'folderFiles'>): string | null {
  const known = currentFolderFiles(state);
  return known?.status === 'error' ? known.error : null;
}

/** An environment's files as a person reads them: top-level names, then the module's files counted ("4 files in refund_env/"). */
function packageList(files: readonly string[]): string {
  const top = files.filter((file) => !file.includes('/'));
  const nested = files.filter((file) => file.includes('/'));
  const module = nested[0]?.split('/')[0];
  const inModule = nested.length === 1 ? nested : nested.length > 1 ? [`${countOf(nested.length, 'file', 'files')} in ${module}/`] : [];
  return listOf([...top, ...inModule]);
}

/**
 * The sentence naming the files in the chosen folder that this export replaces, as the disk says (whoever wrote
 * them: the app, the CLI or a person); null when it replaces none. A stored export at that folder lends its run's
 * name and time; split files this export does not write are named too, as they stay beside a card that omits them.
 */
export function selectFolderReplacement(
  state: Pick<ExportState, 'form' | 'pastExports' | 'source' | 'otherRuns' | 'folderFiles'>,
): string | null {
  const known = currentFolderFiles(state);
  const present = known?.status === 'ready' || known?.status === 'loading' ? (known.value?.files ?? []) : [];
  if (present.length === 0) return null;
  const isEnvironment = state.form.destination === 'environment';
  const folder = folderOf(state.form.folder);
  const record = state.pastExports.find(
    (item) => item.destination !== 'hub' && folderOf(item.location) === folder && (item.destination === 'environment') === isEnvironment,
  );
  const runName = record
    ? record.run_id === state.source?.run_id
      ? state.source.run_name
      : state.otherRuns.find((run) => run.id === record.run_id)?.name
    : undefined;
  const recordCount = (rows: number) => (isEnvironment ? countOf(rows, 'task', 'tasks') : countOf(rows, 'line', 'lines'));
  // A package is its module (its __init__.py or spec.json); a README or pyproject.toml alone may be any project's.
  const holdsPackage = present.some((file) => /^[^/]+\/(__init__\.py|spec\.json)$/.test(file));
  const described = record
    ? `${runName ? `an export of “${runName}”` : 'an export'} (${recordCount(record.n_rows)}, ${formatStoredTime(record.created_at)})`
    : isEnvironment && holdsPackage
      ? 'an RL environment package'
      : 'export files';
  if (isEnvironment && !holdsPackage && !record)
    return `This folder already holds ${listOf(present)}: this export replaces ${present.length === 1 ? 'it' : 'them'}.`;
  if (isEnvironment) return `This folder already holds ${described}: this export replaces ${packageList(present)}.`;
  const written = datasetFiles('', state.form.splits, { metadata: state.form.format !== 'grpo' }).map((file) => file.replace(/^\//, ''));
  const replaced = written.filter((file) => present.includes(file));
  const left = present.filter((file) => !written.includes(file) && file.endsWith('.jsonl'));
  const stays =
    left.length > 0
      ? ` ${listOf(left)} ${left.length === 1 ? 'stays' : 'stay'} from before, ` +
        `though the new dataset card does not name ${left.length === 1 ? 'it' : 'them'}.`
      : '';
  if (replaced.length === 0) return stays === '' ? null : `This folder already holds ${described}:${stays}`;
  return `This folder already holds ${described}: this export replaces ${listOf(replaced)}.${stays}`;
}

/** The engine's per-split "N rows are ungraded: grade the run before a … export" (engine/export/select-rl.ts, preference-pairs.ts). */
const SPLIT_UNGRADED = /^(?:train|holdout|eval): [\d,]+ rows? (?:is|are) ungraded: grade the run before /;

/**
 * Every warning the preview shows, above its numbers: those made from its counts first, then main's, counts
 * formatted. The total of ungraded rows stands for the engine's per-split ones (the gate table keeps the split counts).
 */
export function selectPreviewWarnings(state: ExportState): string[] {
  if (!state.preview.value) return [];
  const fromCounts = gradeWarnings(state.preview);
  const replacement = selectFolderReplacement(state);
  const namesUngraded = fromCounts.some((warning) => warning.includes(' ungraded: grade the run before '));
  const fromMain = state.preview.value.warnings.filter((warning) => !(namesUngraded && SPLIT_UNGRADED.test(warning)));
  const warnings = [...fromCounts, ...(replacement ? [replacement] : []), ...fromMain];
  return [...new Set(warnings.map(formatCountsIn))];
}

/** Rollouts per situation the "New run with repeats" offer starts the same spec and seed with. */
export const NEW_RUN_REPEATS = 4;

/** Why DPO cannot be exported from this run (one rollout per situation, so nothing to pair), or null when it can. */
export function selectDpoUnavailable(state: Pick<ExportState, 'runRepeats'>): string | null {
  if (state.runRepeats === null || state.runRepeats >= 2) return null;
  return (
    'DPO pairs two rollouts of one situation, one passing and one failing; this run has one rollout per situation ' +
    `(repeats ${state.runRepeats}).`
  );
}

export function selectFormatsOf(formats: readonly ExportFormatChoice[], kind: TrainingKind): ExportFormatChoice[] {
  return formats.filter((format) => format.kind === kind);
}

/** The job's progress in words: "1,200 / 3,000 rows · 4.2 MB", or the push's files. */
export function describeProgress(job: JobState): string {
  if (job.status === 'starting') return 'Starting…';
  const total = job.total === null ? '' : ` / ${formatCount(job.total)}`;
  if (job.phase === 'push')
    return `${formatCountsIn(job.message ?? 'Pushing to the Hub')}: ${formatCount(job.done)}${total} files uploaded`;
  const bytes = job.bytes === null ? '' : ` · ${formatBytes(job.bytes)} written`;
  return `${formatCount(job.done)}${total} rows${bytes}`;
}

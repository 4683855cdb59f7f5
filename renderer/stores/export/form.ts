import type { Issue } from '../../../shared/api';
import {
  type ExportFormatName,
  type ExportRequestInput,
  type FolderFilesInput,
  type ExportSelectionInput,
  isAbsoluteFolder,
  relativeEvalFileMessage,
  relativeFolderMessage,
  SPLIT_NAMES,
  type SplitName,
  type TrainingKind,
} from '../../../shared/api/exports';
import { joinPath } from './result';

export type DestinationKind = 'folder' | 'hub' | 'environment';

/** The dialog's fields as a person types them (percentages and paths as text), checked by `requestOf`. */
export interface ExportForm {
  training: TrainingKind;
  format: ExportFormatName;
  /** SFT only (see `passesOnlyApplies`): on by default, as the SDK's `select_for_sft(min_reward=1.0)` trains on passes. */
  passes_only: boolean;
  splits: readonly SplitName[];
  /** Percent (0-100) of scenarios hashed into holdout, and into eval. */
  holdout: string;
  eval: string;
  /** Other runs whose holdout and eval rows must not be trained on. */
  against_runs: readonly string[];
  /** JSONL files on this machine (a public benchmark's prompts), one path per line. */
  against_files: string;
  destination: DestinationKind;
  folder: string;
  repo_id: string;
  /** Hub repositories are private unless the person turns this on. */
  is_public: boolean;
  /** The Hub's address; blank is huggingface.co (or the server's HF_ENDPOINT). */
  endpoint: string;
  /** The environment package's name; blank takes the folder's name. */
  environment_name: string;
  mask_mode: 'assistant' | 'final';
  /** On: a failed gate refuses the file. */
  validate: boolean;
}

/** The formats of each training kind, in the order the dialog offers them (the first is the default). */
export const FORMATS_OF: Readonly<Record<TrainingKind, readonly ExportFormatName[]>> = {
  sft: ['openai', 'trl'],
  dpo: ['dpo-openai', 'dpo-trl', 'dpo-full'],
  grpo: ['grpo'],
};

export const TRAINING_LABELS: Readonly<Record<TrainingKind, string>> = {
  sft: 'SFT',
  dpo: 'DPO',
  grpo: 'GRPO / RL',
};

export const SPLIT_LABELS: Readonly<Record<SplitName, string>> = { train: 'Train', holdout: 'Holdout', eval: 'Eval' };

export function initialForm(defaultFolder: string): ExportForm {
  return {
    training: 'sft',
    format: 'openai',
    passes_only: true,
    splits: ['train', 'holdout'],
    holdout: '20',
    eval: '0',
    against_runs: [],
    against_files: '',
    destination: 'folder',
    folder: defaultFolder,
    repo_id: '',
    is_public: false,
    endpoint: '',
    environment_name: '',
    mask_mode: 'assistant',
    validate: true,
  };
}

/** `<exports folder>/<run>-<format>` (`-environment` for a package): each format of a run gets its own folder. */
export function defaultFolder(exportsFolder: string, runId: string, form: Pick<ExportForm, 'destination' | 'format'>): string {
  return joinPath(exportsFolder, `${runId}-${form.destination === 'environment' ? 'environment' : form.format}`);
}

/**
 * Whether "passes only" narrows the rows: SFT imitates what it reads, so it takes passes; DPO pairs and GRPO groups
 * (and an RL environment) learn from the contrast between passes and failures, so they read every graded row.
 */
export const passesOnlyApplies = (form: Pick<ExportForm, 'training' | 'destination'>): boolean =>
  form.training === 'sft' && form.destination !== 'environment';

/** Fields that start blank and are required: their problem shows once the person has typed in them or pressed Export. */
export const DEFERRED_FIELDS: ReadonlySet<string> = new Set(['repo_id', 'folder']);

/** A form change, keeping the format one of the chosen kind's and the splits in their fixed order. */
export function applyFormPatch(form: ExportForm, patch: Partial<ExportForm>): ExportForm {
  const next = { ...form, ...patch };
  if (!FORMATS_OF[next.training].includes(next.format)) next.format = FORMATS_OF[next.training][0]!;
  next.splits = SPLIT_NAMES.filter((split) => next.splits.includes(split));
  return next;
}

function percent(text: string, path: string, label: string, issues: Issue[]): number {
  const trimmed = text.trim();
  const value = trimmed === '' ? 0 : Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    issues.push({ path, message: `${label} is a percentage from 0 to 100.` });
    return 0;
  }
  return value / 100;
}

const isUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Paths typed one per line, blank lines and surrounding spaces ignored. */
export const pathsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export type RequestResult = { ok: true; request: ExportRequestInput } | { ok: false; issues: Issue[] };

/**
 * The request the form describes, or the problems to fix (each at the field's name). `forPreview` puts placeholders
 * for the folder and repository: the counts do not depend on where the files go.
 */
export function requestOf(form: ExportForm, selection: ExportSelectionInput, options: { forPreview?: boolean } = {}): RequestResult {
  const issues: Issue[] = [];
  const holdout = percent(form.holdout, 'holdout', 'Holdout', issues);
  const evalShare = percent(form.eval, 'eval', 'Eval', issues);
  if (holdout + evalShare > 1) issues.push({ path: 'eval', message: 'Holdout and eval together cannot exceed 100%.' });
  const isEnvironment = form.destination === 'environment';
  if (!isEnvironment && form.splits.length === 0) issues.push({ path: 'splits', message: 'Choose at least one split to write.' });
  const folder = form.folder.trim();
  const preview = options.forPreview === true;
  if (form.destination !== 'hub' && folder === '' && !preview) issues.push({ path: 'folder', message: 'Type the folder the files go to.' });
  // The server resolves a relative path against its own working directory, not where the person thinks: refused.
  if (folder !== '' && !isAbsoluteFolder(folder) && !preview) issues.push({ path: 'folder', message: relativeFolderMessage(folder) });
  // The decontamination files too, preview or not: the preview reads them as the export does.
  for (const file of pathsOf(form.against_files)) {
    if (!isAbsoluteFolder(file)) issues.push({ path: 'against_files', message: relativeEvalFileMessage(file) });
  }
  const repoId = form.repo_id.trim();
  if (form.destination === 'hub' && !preview && !/^[\w.-]+\/[\w.-]+$/.test(repoId)) {
    issues.push({ path: 'repo_id', message: 'A repository id reads owner/name, e.g. ana/refund-conversations.' });
  }
  const endpoint = form.endpoint.trim();
  if (form.destination === 'hub' && endpoint !== '' && !isUrl(endpoint))
    issues.push({ path: 'endpoint', message: 'The Hub address is a URL such as https://huggingface.co.' });
  if (issues.length > 0) return { ok: false, issues };

  // The counts do not depend on where the files go: a preview names no real folder, so typing one asks for no new preview.
  const placeholder = preview ? '/preview' : folder;
  const destination: ExportRequestInput['destination'] =
    form.destination === 'folder'
      ? { kind: 'folder', folder: placeholder }
      : form.destination === 'environment'
        ? { kind: 'environment', folder: placeholder, ...(form.environment_name.trim() ? { name: form.environment_name.trim() } : {}) }
        : {
            kind: 'hub',
            repo_id: preview ? 'preview/preview' : repoId,
            visibility: form.is_public ? 'public' : 'private',
            ...(endpoint ? { endpoint } : {}),
            ...(folder && !preview ? { folder } : {}),
          };
  return {
    ok: true,
    request: {
      selection: { ...selection, passes_only: passesOnlyApplies(form) && form.passes_only },
      // An environment groups rollouts per ask, as the RL export does (the CLI's `wai environment` asks the same).
      format: isEnvironment ? 'grpo' : form.format,
      splits: isEnvironment ? ['train', 'holdout'] : [...form.splits],
      fractions: { holdout, eval: evalShare },
      decontaminate: { runs: [...form.against_runs], files: pathsOf(form.against_files) },
      destination,
      mask_mode: form.mask_mode,
      validate: form.validate,
    },
  };
}

/** The issues of one field. */
export const issuesAt = (issues: readonly Issue[], path: string): Issue[] => issues.filter((issue) => issue.path === path);

/**
 * What to ask `exports.folderFiles` about the folder the form names: a dataset's files, or an environment package's
 * under the module it would be named; null when no full path is typed (a Hub push without a local copy writes none).
 */
export function folderFilesInputOf(form: Pick<ExportForm, 'destination' | 'folder' | 'environment_name'>): FolderFilesInput | null {
  const folder = form.folder.trim();
  // A relative path is the form's own error (see `requestOf`): the disk is not asked about it.
  if (folder === '' || !isAbsoluteFolder(folder)) return null;
  if (form.destination !== 'environment') return { folder, kind: 'dataset' };
  const name = form.environment_name.trim();
  return { folder, kind: 'environment', ...(name ? { name } : {}) };
}

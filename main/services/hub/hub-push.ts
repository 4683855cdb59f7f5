import type { CommitOperation } from '@huggingface/hub';
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { HubPushResult } from '../../../shared/api/exports';
import {
  type Manifest,
  MANIFEST_FILE,
  manifestText,
  nextManifest,
  pushCommitDescription,
  pushCommitTitle,
  recordCommit,
  repoIdProblem,
} from '../../../engine/index';
import { insertExport, lastPushCommit } from '../../store/exports/exports-repository';
import type { AppContext } from '../app/app-context';
import { cardWithSplits, readDatasetFolder } from './dataset-folder-reader';
import { pushErrorOf } from './hub-errors';
import { timedHubFetch } from './hub-fetch';
import { hubTokenOf } from './hub-token-service';
import { ServiceError } from '../app/service-error';

export const DEFAULT_HUB_URL = 'https://huggingface.co';

export interface PushOptions {
  folder: string;
  repo_id: string;
  visibility: 'private' | 'public';
  /** The Hub's address; default $HF_ENDPOINT, else huggingface.co (tests point it at a local server). */
  endpoint?: string;
  /** Default $HF_TOKEN, else the token stored in Settings (the desktop's key file, or browser mode's memory). */
  token?: string;
  run_id: string | null;
  format: string | null;
  signal?: AbortSignal;
  /** Files uploaded so far (0..total), as the library reports them. */
  onProgress?: (done: number, total: number) => void;
  /** Said before anything is uploaded: the repository exists and is public (anyone can read what is pushed). */
  onWarning?: (warning: string) => void;
}

/** The token for a push: the explicit one, else `stored` (HF_TOKEN, then the token kept in Settings). Never logged. */
export function hubToken(explicit?: string, stored?: string): string {
  const token = explicit ?? stored;
  if (!token) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      'No Hugging Face token: set HF_TOKEN to a write token (it starts with hf_), or store one in Settings.',
    );
  }
  if (!token.startsWith('hf_'))
    throw new ServiceError('VALIDATION_FAILED', 'The Hugging Face token must start with hf_ (check HF_TOKEN, or the token in Settings).');
  return token;
}

export const hubUrl = (endpoint?: string): string => (endpoint ?? process.env.HF_ENDPOINT ?? DEFAULT_HUB_URL).replace(/\/+$/, '');

/** Loaded on first push: the library is large and most commands never push. */
const hubLibrary = () => import('@huggingface/hub');

/** The manifest at `revision` (the commit the push builds on), or null when the repository has none yet. */
async function previousManifest(
  repo: { type: 'dataset'; name: string },
  hub: { accessToken: string; hubUrl: string; fetch: typeof fetch },
  revision: string | null,
): Promise<Manifest | null> {
  const { downloadFile } = await hubLibrary();
  const blob = await downloadFile({ repo, path: MANIFEST_FILE, ...hub, ...(revision ? { revision } : {}) });
  if (!blob) return null;
  const value = JSON.parse(await blob.text()) as Partial<Manifest>;
  if (value.schema_version !== 1 || typeof value.splits !== 'object' || !Array.isArray(value.history)) {
    throw new ServiceError('CONFLICT', `${MANIFEST_FILE} in the repository is not a While Studio manifest: refusing to overwrite it.`);
  }
  return value as Manifest;
}

const publicWarning = (repoId: string) =>
  `${repoId} is a public repository: anyone can find, read and download what this push adds. Its visibility is left as it is.`;

const compactDelta = (delta: Manifest['history'][number]['delta']) =>
  Object.entries(delta)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([split, change]) => `${split} +${change.added} -${change.removed}`)
    .join(', ');

/**
 * Pushes a dataset folder (`data/<split>.jsonl`, their metadata files, README.md) to a Hub dataset repository as one
 * commit on the revision it read (`parentCommit`: a push that lands meanwhile makes this one fail rather than lose
 * its `whileai.json` entry): the repo is created private unless `visibility` says public, an existing public one is
 * named as such before anything is uploaded, pushed splits replace their old files, `whileai.json` keeps every push
 * with rows added and removed per split, the card's `configs` name every split (train first), and the commit message
 * carries the delta. Every request has a deadline (hub-fetch.ts). The commit id is stored so a later load can pin `revision`.
 */
export async function pushFolder(context: AppContext, options: PushOptions): Promise<HubPushResult> {
  try {
    return await pushDataset(context, options);
  } catch (error) {
    throw pushErrorOf(error, { url: hubUrl(options.endpoint), repo_id: options.repo_id, folder: options.folder }) ?? error;
  }
}

/** The repository's visibility and head commit, or null when it does not exist. */
async function repositoryState(name: string, hub: { accessToken: string; hubUrl: string; fetch: typeof fetch }) {
  const { datasetInfo } = await hubLibrary();
  try {
    const info = await datasetInfo({ name, additionalFields: ['sha'], ...hub });
    return { isPrivate: info.private, head: typeof info.sha === 'string' ? info.sha : null };
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 404) return null;
    throw error;
  }
}

async function pushDataset(context: AppContext, options: PushOptions): Promise<HubPushResult> {
  const accessToken = hubToken(options.token, hubTokenOf(context));
  const problem = repoIdProblem(options.repo_id);
  if (problem) throw new ServiceError('VALIDATION_FAILED', `--repo: ${problem}`);
  const url = hubUrl(options.endpoint);
  const { commitIter, createRepo } = await hubLibrary();
  const dataset = await readDatasetFolder(options.folder, options.signal);
  const repo = { type: 'dataset' as const, name: options.repo_id };
  const hub = { accessToken, hubUrl: url, fetch: timedHubFetch(options.signal) };
  // Checked before each Hub call that changes or reads the repo: a cancel that comes early leaves not even an empty repo.
  options.signal?.throwIfAborted();
  let state = await repositoryState(options.repo_id, hub);
  const created = state === null;
  if (state === null) {
    options.signal?.throwIfAborted();
    await createRepo({ repo, ...hub, visibility: options.visibility });
    state = await repositoryState(options.repo_id, hub);
  } else if (!state.isPrivate) {
    options.onWarning?.(publicWarning(options.repo_id));
  }
  options.signal?.throwIfAborted();
  const parentCommit = state?.head ?? null;
  const previous = await previousManifest(repo, hub, parentCommit);
  const manifest = nextManifest(previous, {
    repo_id: options.repo_id,
    pushed_at: context.now().toISOString(),
    splits: Object.fromEntries(
      dataset.splits.map((split) => [split.split, { file: split.file, n_rows: split.n_rows, rollout_ids: split.keys }]),
    ),
    previous_commit: lastPushCommit(context.db, options.repo_id),
  });
  const entry = manifest.history.at(-1)!;
  const card = cardWithSplits(dataset.card, manifest, { repo_id: options.repo_id, format: options.format });
  const pushedFiles = new Set(dataset.splits.map((split) => split.file));
  const operations: CommitOperation[] = [];
  for (const split of dataset.splits) {
    operations.push({ operation: 'addOrUpdate', path: split.file, content: await openAsBlob(split.path) });
    if (split.metadata)
      operations.push({ operation: 'addOrUpdate', path: split.metadata.file, content: await openAsBlob(split.metadata.path) });
  }
  operations.push({ operation: 'addOrUpdate', path: 'README.md', content: new Blob([card]) });
  operations.push({ operation: 'addOrUpdate', path: MANIFEST_FILE, content: new Blob([manifestText(manifest)]) });
  // A pushed split replaces its old part: the file the previous push used for it goes when the name changed.
  for (const [name, split] of Object.entries(previous?.splits ?? {})) {
    if (dataset.splits.some((pushed) => pushed.split === name) && !pushedFiles.has(split.file))
      operations.push({ operation: 'delete', path: split.file });
  }
  const files = operations.filter((operation) => operation.operation === 'addOrUpdate').map((operation) => operation.path);
  const title = `${pushCommitTitle({ dir: basename(options.folder), files: files.length })}: ${compactDelta(entry.delta)}`;
  const description = pushCommitDescription(entry.delta);
  const uploaded = new Set<string>();
  const iterator = commitIter({
    repo,
    ...hub,
    ...(parentCommit ? { parentCommit } : {}),
    title,
    description,
    operations,
    useXet: false,
    abortSignal: options.signal,
  });
  let step = await iterator.next();
  while (!step.done) {
    const event = step.value;
    if (event.event === 'fileProgress' && event.state === 'uploading' && event.progress >= 1) {
      uploaded.add(event.path);
      options.onProgress?.(uploaded.size, files.length);
    }
    if (event.event === 'fileProgress' && event.state === 'error')
      throw new ServiceError('MODEL_ERROR', `Uploading ${event.path} to ${options.repo_id} failed.`);
    step = await iterator.next();
  }
  const commit = step.value?.commit.oid;
  if (!commit) throw new ServiceError('INTERNAL', `The Hub answered the push to ${options.repo_id} without a commit id.`);
  options.onProgress?.(files.length, files.length);
  // An existing repository keeps the visibility it has: a push never flips a private dataset public, nor the reverse.
  const visibility = created || !state ? options.visibility : state.isPrivate ? 'private' : 'public';
  const message = `${title}\n\n${description}`;
  const result: HubPushResult = {
    repo_id: options.repo_id,
    url: `${url}/datasets/${options.repo_id}`,
    commit,
    visibility,
    created,
    files,
    delta: entry.delta,
    message,
  };
  insertExport(context.db, {
    run_id: options.run_id,
    destination: 'hub',
    format: options.format ?? 'jsonl',
    location: options.repo_id,
    n_rows: dataset.splits.reduce((total, split) => total + split.n_rows, 0),
    report: {
      ...result,
      manifest: recordCommit(manifest, commit),
      warnings: [...(visibility === 'public' && !created ? [publicWarning(options.repo_id)] : []), ...dataset.warnings],
    },
    created_at: context.now().toISOString(),
  });
  return result;
}

import { createReadStream } from 'node:fs';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { parse, stringify } from 'yaml';
import { datasetCard, type Manifest, SPLIT_NAME, SPLITS } from '../../../engine/index';
import { ServiceError } from '../app/service-error';

export interface FolderSplit {
  split: string;
  /** Path inside the repository (`/`-separated). */
  file: string;
  /** Absolute path on disk. */
  path: string;
  n_rows: number;
  /** One key per line: its rollout id (or group id, or the pair's two ids), for the manifest's delta. */
  keys: string[];
  /** The split's metadata file (`data/<split>.meta.jsonl`), pushed beside it and never named in `configs`. */
  metadata: { file: string; path: string } | null;
}

export interface DatasetFolder {
  splits: FolderSplit[];
  /** README.md as found, or null. */
  card: string | null;
  warnings: string[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

interface DataFile {
  split: string;
  path: string;
}

function configFiles(card: string | null): DataFile[] | null {
  const match = card ? FRONT_MATTER.exec(card) : null;
  if (!match) return null;
  const front = parse(match[1]!) as { configs?: { data_files?: DataFile[] }[] } | null;
  const files = front?.configs?.[0]?.data_files;
  return Array.isArray(files) ? files.filter((file) => typeof file?.split === 'string' && typeof file?.path === 'string') : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What identifies one line across pushes: its row, its group, or its pair. */
export function lineKey(value: unknown, text: string): string {
  if (isRecord(value)) {
    if (typeof value.rollout_id === 'string') return value.rollout_id;
    if (typeof value.group_id === 'string') return `group:${value.group_id}`;
    const chosen = isRecord(value.chosen_lineage) ? value.chosen_lineage.rollout_id : undefined;
    const rejected = isRecord(value.rejected_lineage) ? value.rejected_lineage.rollout_id : undefined;
    if (typeof chosen === 'string' && typeof rejected === 'string') return `pair:${chosen}>${rejected}`;
    if (typeof value.example_id === 'string') return `example:${value.example_id}`;
    if (typeof value.id === 'string' || typeof value.id === 'number') return `id:${value.id}`;
  }
  return `text:${text}`;
}

/** The metadata file an export writes beside a split file: `data/train.jsonl` -> `data/train.meta.jsonl`. */
export const metadataFileOf = (file: string): string => file.replace(/\.jsonl$/, '.meta.jsonl');
const isMetadataFile = (file: string) => file.endsWith('.meta.jsonl');

async function readKeys(path: string, file: string, signal?: AbortSignal): Promise<string[]> {
  const keys: string[] = [];
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (number % 1000 === 0) signal?.throwIfAborted();
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new ServiceError('VALIDATION_FAILED', `${file} line ${number} is not valid JSON: nothing was pushed.`);
    }
    keys.push(lineKey(value, line));
  }
  return keys;
}

/** The folder's README.md, or null when it has none; refused when it is a symlink leading out of the folder. */
async function readCard(root: string, folder: string): Promise<string | null> {
  const real = await realpath(join(root, 'README.md')).catch(() => null);
  if (real === null) return null;
  if (relative(root, real).startsWith('..'))
    throw new ServiceError('VALIDATION_FAILED', `README.md leaves ${folder} through a symlink: refusing to push it.`);
  return readFile(real, 'utf8').catch(() => null);
}

/**
 * The splits of a dataset folder: the files its README's `configs` name (as an export writes them), else every
 * `data/<split>.jsonl`. Paths may not leave the folder.
 */
export async function readDatasetFolder(folder: string, signal?: AbortSignal): Promise<DatasetFolder> {
  const root = await realpath(resolve(folder)).catch(() => {
    throw new ServiceError('NOT_FOUND', `There is no folder ${folder}.`);
  });
  const card = await readCard(root, folder);
  const warnings: string[] = [];
  let files = configFiles(card);
  if (!files) {
    const entries = await readdir(join(root, 'data')).catch(() => [] as string[]);
    files = entries
      .filter((entry) => entry.endsWith('.jsonl') && !isMetadataFile(entry))
      .sort()
      .map((entry) => ({ split: entry.slice(0, -'.jsonl'.length), path: `data/${entry}` }));
    if (card === null) warnings.push('The folder has no README.md: a dataset card naming every split was written for the push.');
  }
  if (files.length === 0)
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${folder} holds no split files: expected data/<split>.jsonl or a README.md whose configs name them.`,
    );
  const splits: FolderSplit[] = [];
  for (const file of files) {
    if (!SPLIT_NAME.test(file.split))
      throw new ServiceError('VALIDATION_FAILED', `Split name "${file.split}" must match ${SPLIT_NAME.source}.`);
    const path = resolve(root, file.path);
    const inside = relative(root, path);
    if (isAbsolute(file.path) || inside.startsWith(`..${sep}`) || inside === '..' || inside === '') {
      throw new ServiceError('VALIDATION_FAILED', `"${file.path}" is outside ${folder}: refusing to push it.`);
    }
    const real = await realpath(path).catch(() => {
      throw new ServiceError('NOT_FOUND', `${file.path} (split ${file.split}) does not exist in ${folder}.`);
    });
    if (relative(root, real).startsWith('..'))
      throw new ServiceError('VALIDATION_FAILED', `"${file.path}" leaves ${folder} through a symlink: refusing to push it.`);
    const repositoryPath = inside.split(sep).join('/');
    const metadata = await metadataBeside(root, repositoryPath);
    // The lines keep only their format's keys when their metadata sits beside them: the keys are read from there.
    const keys = await readKeys(metadata?.path ?? real, metadata?.file ?? file.path, signal);
    if (keys.length === 0) {
      warnings.push(`${file.path} has no line: it was not pushed and the card does not name it (load_dataset fails on an empty split).`);
      continue;
    }
    splits.push({ split: file.split, file: repositoryPath, path: real, n_rows: keys.length, keys, metadata });
  }
  if (splits.length === 0)
    throw new ServiceError('VALIDATION_FAILED', `Every split file in ${folder} is empty: nothing was pushed. Export the run again.`);
  return { splits, card, warnings };
}

/** A split's metadata file in the folder, when it has one inside it. */
async function metadataBeside(root: string, file: string): Promise<FolderSplit['metadata']> {
  const relativePath = metadataFileOf(file);
  const real = await realpath(join(root, ...relativePath.split('/'))).catch(() => null);
  return real !== null && !relative(root, real).startsWith('..') ? { file: relativePath, path: real } : null;
}

/** Train first, then holdout and eval, then any other split by name: the card's `configs` and its snippet lead with train. */
const splitRank = (split: string): number => {
  const rank = (SPLITS as readonly string[]).indexOf(split);
  return rank < 0 ? SPLITS.length : rank;
};

/** The card to push: the folder's, with `configs` naming every split the repository will hold; or a new one. */
export function cardWithSplits(card: string | null, manifest: Manifest, options: { repo_id: string; format: string | null }): string {
  const ordered = Object.entries(manifest.splits).sort(([a], [b]) => splitRank(a) - splitRank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const dataFiles = ordered.map(([split, entry]) => ({ split, path: entry.file }));
  const match = card ? FRONT_MATTER.exec(card) : null;
  if (!card || !match) {
    return datasetCard({
      pretty_name: options.repo_id.split('/')[1] ?? options.repo_id,
      kind: options.format === 'grpo' ? 'grpo' : options.format?.startsWith('dpo') ? 'dpo' : 'sft',
      format: options.format ?? 'jsonl',
      repo_id: options.repo_id,
      splits: ordered.map(([split, entry]) => ({ split, path: entry.file, n_rows: entry.n_rows })),
    });
  }
  const front = (parse(match[1]!) as Record<string, unknown> | null) ?? {};
  front.configs = [{ config_name: 'default', default: true, data_files: dataFiles }];
  const body = card.slice(match[0].length).replaceAll('OWNER/NAME', options.repo_id);
  return `---\n${stringify(front, { lineWidth: 0 }).trimEnd()}\n---\n${body}`;
}

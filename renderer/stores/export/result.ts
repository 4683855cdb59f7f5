import type { ExportRecord, ExportRequestInput, SplitName } from '../../../shared/api/exports';
import { formatCountsIn } from './words';

/** What a finished export left behind, as the dialog shows it. */
export interface ExportResult {
  /** The job's own sentence, counts formatted ("Wrote 1,499 lines to ..."). */
  summary: string;
  /** Where the files are (the chosen folder, the Hub push's local copy, or the environment package). */
  folder: string | null;
  /** Full paths of the files written (datasets: one JSONL per split and the card). */
  files: string[];
  n_lines: number | null;
  hub: { repo_id: string; commit: string; url: string; visibility: 'private' | 'public' } | null;
  /** The environment package's folder, for `pip install -e`. */
  environment: string | null;
  warnings: string[];
}

export const DEFAULT_HUB_URL = 'https://huggingface.co';

/** Joins a folder and a relative path with the folder's own separator (a Windows path keeps its backslashes). */
export function joinPath(folder: string, relative: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  const base = folder.replace(/[\\/]+$/, '');
  return `${base}${separator}${relative.split('/').join(separator)}`;
}

/**
 * The files a dataset export may write: `data/<split>.jsonl` per split (with its `data/<split>.meta.jsonl` when the
 * metadata goes beside the lines), then the dataset card.
 */
export function datasetFiles(folder: string, splits: readonly SplitName[], options: { metadata?: boolean } = {}): string[] {
  const perSplit = (split: SplitName) => [`data/${split}.jsonl`, ...(options.metadata ? [`data/${split}.meta.jsonl`] : [])];
  return [...splits.flatMap(perSplit).map((file) => joinPath(folder, file)), joinPath(folder, 'README.md')];
}

/** The files an export stored as written (an empty split has none), else those it may write. */
function writtenFiles(record: ExportRecord, request: ExportRequestInput): string[] {
  const metadata = request.format !== 'grpo' && request.with_metadata !== true;
  return record.files
    ? record.files.map((file) => joinPath(record.location, file))
    : datasetFiles(record.location, request.splits ?? ['train', 'holdout'], { metadata });
}

/** Megabytes (10^6 bytes) with one decimal, or kB below a tenth of one. */
export function formatBytes(bytes: number): string {
  if (bytes < 100_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * The result of a completed job, from the records the export stored (newest first, as `exports.list` answers) and
 * the request that started it. The newest record at the request's location is this job's.
 */
export function resultOf(request: ExportRequestInput, records: readonly ExportRecord[], jobSentence: string): ExportResult {
  const summary = formatCountsIn(jobSentence);
  const destination = request.destination;
  const splits = request.splits ?? ['train', 'holdout'];
  switch (destination.kind) {
    case 'folder': {
      const record = records.find((item) => item.destination === 'folder' && item.location === destination.folder);
      return {
        summary,
        folder: destination.folder,
        files: record ? writtenFiles(record, request) : datasetFiles(destination.folder, splits),
        n_lines: record?.n_rows ?? null,
        hub: null,
        environment: null,
        warnings: record?.warnings ?? [],
      };
    }
    case 'environment': {
      const record = records.find((item) => item.destination === 'environment' && item.location === destination.folder);
      return {
        summary,
        folder: destination.folder,
        files: [],
        n_lines: record?.n_rows ?? null,
        hub: null,
        environment: destination.folder,
        warnings: record?.warnings ?? [],
      };
    }
    case 'hub': {
      const index = records.findIndex((item) => item.destination === 'hub' && item.location === destination.repo_id);
      const push = index >= 0 ? records[index]! : null;
      // The local copy is the folder export stored just before the push.
      const local = records.slice(index + 1).find((item) => item.destination === 'folder') ?? null;
      const url = `${(destination.endpoint ?? DEFAULT_HUB_URL).replace(/\/+$/, '')}/datasets/${destination.repo_id}`;
      return {
        summary,
        folder: local?.location ?? null,
        files: local ? writtenFiles(local, request) : [],
        n_lines: push?.n_rows ?? null,
        hub: push?.commit
          ? { repo_id: destination.repo_id, commit: push.commit, url, visibility: destination.visibility ?? 'private' }
          : null,
        environment: null,
        warnings: [...new Set([...(local?.warnings ?? []), ...(push?.warnings ?? [])])],
      };
    }
    default: {
      const unreachable: never = destination;
      return unreachable;
    }
  }
}

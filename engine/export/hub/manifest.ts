import { shortHash } from '../../seeded';
import { pushCommitDescription, type SplitDelta } from './hub-naming';

export const MANIFEST_FILE = 'whileai.json';
const KEY_CHARS = 12;

export interface ManifestSplit {
  file: string;
  n_rows: number;
  /** Sorted 12-hex hashes of the rollout ids in the split: enough to count the next push's delta, nothing more. */
  keys: string[];
}

export interface ManifestPush {
  /** Filled on the next push (a commit cannot name its own id) or by `recordCommit` for the stored copy. */
  commit: string | null;
  tag: string | null;
  pushed_at: string;
  splits: Record<string, { file: string; n_rows: number }>;
  delta: Record<string, SplitDelta>;
  message: string;
}

/** `whileai.json`: which file holds each split, its numbers, and every push with its delta. */
export interface Manifest {
  schema_version: 1;
  generator: 'while-studio';
  repo_id: string;
  splits: Record<string, ManifestSplit>;
  history: ManifestPush[];
}

export interface PushedSplit {
  file: string;
  /** Lines in the file (unrolled rows count once per line). */
  n_rows: number;
  rollout_ids: Iterable<string>;
}

export interface PushInput {
  repo_id: string;
  /** ISO time of the push, given by the caller (the engine reads no clock). */
  pushed_at: string;
  tag?: string | null;
  splits: Record<string, PushedSplit>;
  /** The commit id the previous push got, to record in its history entry. */
  previous_commit?: string | null;
}

export const rowKey = (rolloutId: string): string => shortHash(rolloutId, KEY_CHARS);

function difference(a: readonly string[], b: ReadonlySet<string>): number {
  return a.reduce((total, key) => total + (b.has(key) ? 0 : 1), 0);
}

/**
 * The manifest after a push: pushed splits replace their old parts, splits not pushed stay, and the new history
 * entry carries rows added and removed per pushed split (counted by rollout id).
 */
export function nextManifest(previous: Manifest | null, push: PushInput): Manifest {
  const splits: Record<string, ManifestSplit> = { ...(previous?.splits ?? {}) };
  const delta: Record<string, SplitDelta> = {};
  for (const [name, pushed] of Object.entries(push.splits)) {
    const keys = [...new Set([...pushed.rollout_ids].map(rowKey))].sort();
    const old = previous?.splits[name]?.keys ?? [];
    delta[name] = { added: difference(keys, new Set(old)), removed: difference(old, new Set(keys)), n_rows: pushed.n_rows };
    splits[name] = { file: pushed.file, n_rows: pushed.n_rows, keys };
  }
  const history = (previous?.history ?? []).map((entry, index, all) =>
    index === all.length - 1 && entry.commit === null && push.previous_commit ? { ...entry, commit: push.previous_commit } : entry,
  );
  history.push({
    commit: null,
    tag: push.tag ?? null,
    pushed_at: push.pushed_at,
    splits: Object.fromEntries(Object.entries(push.splits).map(([name, pushed]) => [name, { file: pushed.file, n_rows: pushed.n_rows }])),
    delta,
    message: pushCommitDescription(delta),
  });
  return { schema_version: 1, generator: 'while-studio', repo_id: push.repo_id, splits, history };
}

/** The manifest with the last push's commit id filled in, for the copy the app keeps. */
export function recordCommit(manifest: Manifest, commit: string): Manifest {
  const history = manifest.history.map((entry, index) => (index === manifest.history.length - 1 ? { ...entry, commit } : entry));
  return { ...manifest, history };
}

/** Two-space JSON with a final newline, keys in a fixed order. */
export const manifestText = (manifest: Manifest): string => `${JSON.stringify(manifest, null, 2)}\n`;

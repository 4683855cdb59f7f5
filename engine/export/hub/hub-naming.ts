import { compareText } from '../../text';
/** `owner/name`, each part letters, digits, `-`, `_`, `.` (the Hub's rule), at most 96 characters per part. */
const REPO_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/** Returns an error message for a Hub repository id, or null when it is usable. */
export function repoIdProblem(repoId: string): string | null {
  const parts = repoId.split('/');
  if (parts.length !== 2) return `repository id must be owner/name, got "${repoId}"`;
  for (const part of parts) {
    if (!REPO_PART.test(part)) return `"${part}" may hold letters, digits, "-", "_" and "." and must start with a letter or digit`;
    if (part.includes('..') || part.endsWith('.git')) return `"${part}" may not contain ".." or end in ".git"`;
  }
  return null;
}

/** The tag one push carries, so `load_dataset(repo, revision="zp-<id>")` reloads exactly that push. */
export const pushTag = (datasetId: string): string => `zp-${datasetId}`;

/** `whileai: push <file>` or `whileai: push <dir>/ (<n> files)`, the SDK's commit titles. */
export function pushCommitTitle(source: { file: string } | { dir: string; files: number }): string {
  return 'file' in source ? `whileai: push ${source.file}` : `whileai: push ${source.dir.replace(/\/+$/, '')}/ (${source.files} files)`;
}

export interface SplitDelta {
  added: number;
  removed: number;
  n_rows: number;
}

/** The commit description: one line per pushed split with the rows it gained and lost. */
export function pushCommitDescription(delta: Record<string, SplitDelta>): string {
  return Object.entries(delta)
    .sort(([a], [b]) => compareText(a, b))
    .map(([split, change]) => `${split}: ${change.n_rows} rows (+${change.added} -${change.removed})`)
    .join('\n');
}

import { sha256Hex, stableJson } from '../../seeded';
import type { TraceRow } from '../trace-row';

/**
 * What makes two imported traces the same trace: the trace's own id (OTLP conversation or trace id, a JSONL line's
 * `trace_id` / `id` / `conversation_id`; null when the line names none) and a hash of its content. The content is
 * everything the map and a run read (prompt, steps, reply, reward, model version, start, usage), never where it
 * came from (file name, line, format, span ids): the same trace in a re-exported or renamed file is the same trace.
 */
export interface TraceIdentity {
  trace_key: string | null;
  /** SHA-256 hex of the content in stable JSON. */
  content_hash: string;
}

/** A JSONL line without an id of its own is named `file:line`, which says nothing about the trace. */
function hasOwnId(row: Pick<TraceRow, 'conversation_id' | 'source'>): boolean {
  return !(row.source.format === 'jsonl' && row.conversation_id === `${row.source.file}:${row.source.line ?? ''}`);
}

export function traceIdentity(row: TraceRow): TraceIdentity {
  const ownId = hasOwnId(row);
  const content = {
    ...(ownId ? { conversation_id: row.conversation_id } : {}),
    prompt: row.prompt,
    steps: row.steps,
    final_text: row.final_text,
    reward: row.reward,
    model_version: row.model_version,
    started_at_ms: row.started_at_ms,
    usage: row.usage,
  };
  const key = row.source.trace_id === undefined ? (ownId ? row.conversation_id : null) : row.source.trace_id;
  return { trace_key: key, content_hash: sha256Hex(stableJson(content)) };
}

/** Where an imported trace was read, for a sentence: `file line 4` (JSONL) or `file trace conv-017` (OTLP). */
export function traceWhere(row: Pick<TraceRow, 'conversation_id' | 'source'>): string {
  return row.source.line === null ? `${row.source.file} trace ${row.conversation_id}` : `${row.source.file} line ${row.source.line}`;
}

export interface DedupeVerdict<T> {
  /** Traces to store, in input order. */
  fresh: T[];
  /** Traces whose id and content are already stored (or were read from an earlier file of this import). */
  already: T[];
  /** New traces whose id names a stored trace (or one from an earlier file) with different content: kept, and warned. */
  conflicts: T[];
}

export interface DedupeStore {
  /** Copies already stored per content hash (with their trace key: a hash covers the id when the trace has one). */
  copies(contentHash: string): number;
  /** Whether a stored trace carries this key with another content. */
  keyHasOtherContent(traceKey: string, contentHash: string): boolean;
}

/**
 * Which traces of an import are new. The store keeps the union of what files said: a trace is skipped when the
 * store (or an earlier file of this import) already holds as many copies of its id and content as this file has up
 * to it. So the same file twice adds nothing, two overlapping exports add their union, and a file that holds a
 * trace twice (two identical lines without ids: repeats of a deterministic agent) keeps both, once.
 * A trace whose id matches a stored one with other content (re-graded, or a conversation that went on after the
 * first export) is kept and reported as a conflict: refusing it would lose a distinct trace.
 */
export function dedupeTraces<T extends { file: string; identity: TraceIdentity }>(
  traces: readonly T[],
  store: DedupeStore,
): DedupeVerdict<T> {
  const known = new Map<string, number>();
  const keyHashes = new Map<string, Set<string>>();
  const verdict: DedupeVerdict<T> = { fresh: [], already: [], conflicts: [] };
  const byFile = new Map<string, T[]>();
  for (const trace of traces) {
    const members = byFile.get(trace.file);
    if (members) members.push(trace);
    else byFile.set(trace.file, [trace]);
  }
  const conflicting = new Set<T>();
  for (const members of byFile.values()) {
    const seen = new Map<string, number>();
    for (const trace of members) {
      const { trace_key: key, content_hash: hash } = trace.identity;
      const before = known.get(hash) ?? store.copies(hash);
      const nth = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, nth);
      if (nth <= before) {
        verdict.already.push(trace);
        continue;
      }
      verdict.fresh.push(trace);
      if (key !== null && before === 0) {
        const earlier = keyHashes.get(key);
        if (store.keyHasOtherContent(key, hash) || (earlier !== undefined && [...earlier].some((other) => other !== hash)))
          conflicting.add(trace);
      }
    }
    for (const [hash, count] of seen) known.set(hash, Math.max(known.get(hash) ?? store.copies(hash), count));
    for (const trace of members) {
      const key = trace.identity.trace_key;
      if (key === null) continue;
      const hashes = keyHashes.get(key);
      if (hashes) hashes.add(trace.identity.content_hash);
      else keyHashes.set(key, new Set([trace.identity.content_hash]));
    }
  }
  verdict.conflicts = verdict.fresh.filter((trace) => conflicting.has(trace));
  return verdict;
}

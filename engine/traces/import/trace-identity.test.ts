import { describe, expect, it } from 'vitest';
import genai from '../__fixtures__/otlp-genai.json';
import { parseTraceFile } from './parse-trace-file';
import { dedupeTraces, traceIdentity, type DedupeStore } from './trace-identity';
import type { TraceRow } from '../trace-row';

const GENAI = JSON.stringify(genai);

/** A store that remembers what was stored, as the trace_rows table does. */
function memoryStore() {
  const stored: { key: string | null; hash: string }[] = [];
  const store: DedupeStore = {
    copies: (hash) => stored.filter((entry) => entry.hash === hash).length,
    keyHasOtherContent: (key, hash) => stored.some((entry) => entry.key === key && entry.hash !== hash),
  };
  const add = (file: string, rows: readonly TraceRow[]) => {
    const verdict = dedupeTraces(
      rows.map((row) => ({ file, row, identity: traceIdentity(row) })),
      store,
    );
    stored.push(...verdict.fresh.map((entry) => ({ key: entry.identity.trace_key, hash: entry.identity.content_hash })));
    return {
      fresh: verdict.fresh.length,
      already: verdict.already.length,
      conflicts: verdict.conflicts.map((entry) => entry.row.conversation_id),
    };
  };
  return { stored, add };
}

const jsonl = (lines: object[]) => lines.map((line) => JSON.stringify(line)).join('\n');
const line = (id: string | undefined, reward: number, prompt = `Cancel order ${id ?? 'A1'}`) => ({
  ...(id === undefined ? {} : { id }),
  prompt,
  steps: [{ tool: 'cancel_order', input: { order_id: 'A1' }, output: { status: 'ok' } }],
  final_text: 'Done.',
  reward,
  model_version: 'v1',
});

describe('traceIdentity', () => {
  it('is the trace id plus a hash of the content, whatever file or line it came from', () => {
    const first = parseTraceFile('monday.json', GENAI).rows;
    const renamed = parseTraceFile('export (1).json', GENAI).rows;
    expect(first.map(traceIdentity)).toEqual(renamed.map(traceIdentity));
    expect(first.map((row) => traceIdentity(row).trace_key)).toEqual(first.map((row) => row.conversation_id));
    const lines = parseTraceFile('a.jsonl', jsonl([line(undefined, 1), line('t-2', 0)])).rows;
    const moved = parseTraceFile('b.jsonl', jsonl([line('t-2', 0), line(undefined, 1)])).rows;
    expect(traceIdentity(lines[0]!)).toEqual({ trace_key: null, content_hash: traceIdentity(moved[1]!).content_hash });
    expect(traceIdentity(lines[1]!)).toEqual(traceIdentity(moved[0]!));
    expect(traceIdentity(lines[1]!).trace_key).toBe('t-2');
    const regraded = parseTraceFile('a.jsonl', jsonl([line('t-2', 1)])).rows[0]!;
    expect(traceIdentity(regraded).trace_key).toBe('t-2');
    expect(traceIdentity(regraded).content_hash).not.toBe(traceIdentity(lines[1]!).content_hash);
  });

  it('never takes a task id for a trace id: repeats of one task share it', () => {
    const rows = parseTraceFile('a.jsonl', jsonl([{ ...line(undefined, 1), task_id: 'refund-7' }])).rows;
    expect(rows[0]!.conversation_id).toBe('refund-7');
    expect(traceIdentity(rows[0]!).trace_key).toBeNull();
  });
});

describe('dedupeTraces', () => {
  it('adds nothing when the same file is imported twice', () => {
    const { add, stored } = memoryStore();
    const rows = [
      ...parseTraceFile('genai.json', GENAI).rows,
      ...parseTraceFile('traces.jsonl', jsonl([line('t-1', 1), line(undefined, 0)])).rows,
    ];
    expect(add('genai.json', rows)).toEqual({ fresh: 4, already: 0, conflicts: [] });
    expect(add('genai.json', rows)).toEqual({ fresh: 0, already: 4, conflicts: [] });
    expect(stored).toHaveLength(4);
  });

  it('keeps the union of overlapping exports, in one import or two', () => {
    const monday = parseTraceFile('mon.jsonl', jsonl([line('t-1', 1), line('t-2', 0), line('t-3', 0)])).rows;
    const tuesday = parseTraceFile('tue.jsonl', jsonl([line('t-3', 0), line('t-4', 1)])).rows;
    const apart = memoryStore();
    expect(apart.add('mon.jsonl', monday)).toMatchObject({ fresh: 3, already: 0 });
    expect(apart.add('tue.jsonl', tuesday)).toMatchObject({ fresh: 1, already: 1 });
    const together = memoryStore();
    const both = [...monday.map((row) => ({ file: 'mon.jsonl', row })), ...tuesday.map((row) => ({ file: 'tue.jsonl', row }))];
    const store: DedupeStore = { copies: () => 0, keyHasOtherContent: () => false };
    const verdict = dedupeTraces(
      both.map((entry) => ({ ...entry, identity: traceIdentity(entry.row) })),
      store,
    );
    expect(verdict.fresh.map((entry) => entry.row.conversation_id)).toEqual(['t-1', 't-2', 't-3', 't-4']);
    expect(verdict.already.map((entry) => `${entry.file} ${entry.row.conversation_id}`)).toEqual(['tue.jsonl t-3']);
    expect(together.stored).toEqual([]);
  });

  it('keeps identical lines of one file (repeats), once however often the file comes back', () => {
    const { add, stored } = memoryStore();
    const repeats = parseTraceFile('runs.jsonl', jsonl([line(undefined, 1), line(undefined, 1), line(undefined, 0, 'Other')])).rows;
    expect(add('runs.jsonl', repeats)).toMatchObject({ fresh: 3, already: 0 });
    expect(add('again.jsonl', repeats)).toMatchObject({ fresh: 0, already: 3 });
    expect(add('one.jsonl', repeats.slice(0, 1))).toMatchObject({ fresh: 0, already: 1 });
    expect(stored).toHaveLength(3);
  });

  it('keeps a trace whose id is stored with other content, and names it as a conflict', () => {
    const { add, stored } = memoryStore();
    add('mon.jsonl', parseTraceFile('mon.jsonl', jsonl([line('t-1', 1), line('t-2', 0)])).rows);
    const regraded = parseTraceFile('tue.jsonl', jsonl([line('t-1', 1), line('t-2', 1)])).rows;
    expect(add('tue.jsonl', regraded)).toEqual({ fresh: 1, already: 1, conflicts: ['t-2'] });
    expect(stored).toHaveLength(3);
    // Conflicts between two files of one import too.
    const store: DedupeStore = { copies: () => 0, keyHasOtherContent: () => false };
    const a = parseTraceFile('a.jsonl', jsonl([line('t-9', 0)])).rows.map((row) => ({ file: 'a.jsonl', row }));
    const b = parseTraceFile('b.jsonl', jsonl([line('t-9', 1)])).rows.map((row) => ({ file: 'b.jsonl', row }));
    const verdict = dedupeTraces(
      [...a, ...b].map((entry) => ({ ...entry, identity: traceIdentity(entry.row) })),
      store,
    );
    expect(verdict.conflicts.map((entry) => entry.file)).toEqual(['b.jsonl']);
    expect(verdict.fresh).toHaveLength(2);
  });
});

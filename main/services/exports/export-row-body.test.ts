import { describe, expect, it } from 'vitest';
import { Row } from '../../../shared/domain';
import { openDatabase } from '../../store/database';
import { storeGeneratedRun } from '../../store/__fixtures__/generated-rows';
import { canonicalRow, preparedProblemsOf, readRowBody } from './export-row-body';

function storedBodies(count: number): { id: string; body: string }[] {
  const db = openDatabase(':memory:');
  storeGeneratedRun(db, { runId: 'run_a', count });
  return db.prepare('SELECT id, body FROM rows ORDER BY ordinal').all() as { id: string; body: string }[];
}

/** A stored body changed by `edit`, as another program or a damaged file might leave it. */
// The edits write values the row schema refuses, anywhere in the body: only an untyped object takes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseRow = Record<string, any>;

function edited(body: string, edit: (row: LooseRow) => void): string {
  const row = JSON.parse(body) as LooseRow;
  edit(row);
  return JSON.stringify(row);
}

describe('readRowBody', () => {
  it('mirrors the whole row schema, so bodies the store wrote skip the parse and read back exactly as parsed', () => {
    expect(canonicalRow).not.toBeNull();
    for (const { id, body } of storedBodies(60)) {
      const parsed = Row.parse(JSON.parse(body));
      expect(canonicalRow!(JSON.parse(body))).toBe(true);
      // Same values and the same key order: the export writes them as they come.
      expect(JSON.stringify(readRowBody(id, body))).toBe(JSON.stringify(parsed));
    }
  });

  it('parses a body that is valid but not as the store writes it (extra keys, another key order) into the schema’s shape', () => {
    const [{ id, body }] = storedBodies(1) as [{ id: string; body: string }];
    const extra = edited(body, (row) => (row.exported_by = 'elsewhere'));
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(body) as object).reverse()));
    const dimensions = edited(
      body,
      (row) => (row.situation.dimensions = Object.fromEntries(Object.entries(row.situation.dimensions).reverse())),
    );
    for (const variant of [extra, reordered, dimensions]) {
      expect(canonicalRow!(JSON.parse(variant))).toBe(false);
      expect(JSON.stringify(readRowBody(id, variant))).toBe(JSON.stringify(Row.parse(JSON.parse(body))));
    }
  });

  it('refuses a damaged or foreign body with an error naming the row and the field', () => {
    const [{ id, body }] = storedBodies(1) as [{ id: string; body: string }];
    expect(() => readRowBody(id, body.slice(0, -3))).toThrow(`stored body of row ${id} is not valid JSON`);
    const broken: [string, (row: LooseRow) => void][] = [
      ['ordinal', (row) => (row.ordinal = -1)],
      ['ordinal', (row) => (row.ordinal = 1.5)],
      ['rollout_id', (row) => (row.rollout_id = '')],
      ['messages.0.role', (row) => (row.messages[0].role = 'robot')],
      ['situation.faults', (row) => (row.situation.faults = { get_order: { mode: 'timeout', rate: 2 } })],
      ['situation.dimensions.tool', (row) => delete row.situation.dimensions.tool],
      ['persona.patience', (row) => (row.persona.patience = 'none')],
      ['ended_by', (row) => (row.ended_by = 42)],
      ['privileged', (row) => (row.privileged = { reference: 7 })],
    ];
    for (const [path, edit] of broken) {
      const damaged = edited(body, edit);
      expect(canonicalRow!(JSON.parse(damaged))).toBe(false);
      expect(() => readRowBody(id, damaged)).toThrow(
        new RegExp(`stored body of row ${id} does not match the row schema at ${path.replaceAll('.', '\\.')}`),
      );
    }
    expect(() => readRowBody(id, '[1, 2]')).toThrow(`stored body of row ${id} does not match the row schema at (root)`);
  });
});

describe('preparedProblemsOf', () => {
  const text = JSON.stringify([
    { type: 'tool_name_unknown', path: 'messages[1].tool_calls[0].function.name', message: '"x" is not in the line\'s tools' },
  ]);

  it('parses a problems text once: rows with the same text share one frozen list', () => {
    const first = preparedProblemsOf(text);
    expect(first).toEqual(JSON.parse(text));
    expect(preparedProblemsOf(`${text}`)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first![0])).toBe(true);
    expect(preparedProblemsOf(null)).toEqual([]);
  });

  it('refuses a damaged text every time it is read', () => {
    for (const damaged of ['[{"type":"x"}]', 'not json', '[]']) {
      expect(preparedProblemsOf(damaged)).toBeNull();
      expect(preparedProblemsOf(damaged)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Row } from '../../shared/domain';
import { stableJson } from '../seeded';
import { draftSpec } from '../spec';
import { offlineComponents } from './offline-components';
import { simulate } from './simulate';

// The product's acceptance sentence: rows whose person asks for money to move or an alert to be set should reach a
// tool call, which needs the person to give the amounts, categories and dates the agent asks for.
const SENTENCE = 'a personal finance assistant that confirms before it moves money';

async function offlineRows(budget: number, concurrency: number): Promise<Row[]> {
  const { spec } = draftSpec(SENTENCE, { seed: 7 });
  const rows: Row[] = [];
  for await (const event of simulate({ spec, seed: 7, budget, concurrency, ...offlineComponents(spec, { seed: 7 }) })) {
    if (event.type === 'row') rows.push(event.row);
  }
  return rows;
}

describe('an offline finance run', () => {
  it('calls a tool, and gets its answer, in most rows (at least 55%; 24 of 64 before people gave details)', async () => {
    const rows = await offlineRows(64, 8);
    expect(rows).toHaveLength(64);
    const called = rows.filter((row) =>
      row.messages.some((message) => message.role === 'assistant' && (message.tool_calls ?? []).length > 0),
    );
    const answered = rows.filter((row) => row.messages.some((message) => message.role === 'tool'));
    expect(called.length / rows.length).toBeGreaterThanOrEqual(0.55);
    expect(answered.length).toBe(called.length);
    expect(rows.every((row) => row.persona.tags.length > 0)).toBe(true);
    expect(stableJson(await offlineRows(64, 1))).toBe(stableJson(rows));
  });
});

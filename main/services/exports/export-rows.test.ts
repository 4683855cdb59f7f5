import { describe, expect, it } from 'vitest';
import { gradedRunStore } from '../../store/__fixtures__/graded-run-store';
import { readRows } from './export-rows';

describe('export rows', () => {
  it('joins the latest grade and the label to each row, pages in the order asked', async () => {
    const db = gradedRunStore();
    const rows = [];
    for await (const input of readRows(db, ['run_a:3', 'run_a:2'])) rows.push(input);
    expect(rows.map((input) => [input.row.ordinal, input.reward, input.judge_name, input.gold?.label ?? null])).toEqual([
      [3, 0, 'old', 'fail'],
      [2, 1, 'new', null],
    ]);
    expect(rows[0]!.gold).toEqual({ reward: 0, kind: 'human', label: 'fail' });
  });

  it('refuses a row whose stored body is damaged with an error naming that row', () => {
    const db = gradedRunStore();
    db.prepare("UPDATE rows SET body = json_set(body, '$.messages[0].role', 'robot') WHERE id = 'run_a:4'").run();
    db.prepare("UPDATE rows SET body = substr(body, 2) WHERE id = 'run_a:6'").run();
    expect(() => [...readRows(db, ['run_a:3', 'run_a:4'])]).toThrow(
      'stored body of row run_a:4 does not match the row schema at messages.0.role',
    );
    expect(() => [...readRows(db, ['run_a:6'])]).toThrow('stored body of row run_a:6 is not valid JSON');
    expect([...readRows(db, ['run_a:3', 'run_a:5'])].map((input) => input.row.ordinal)).toEqual([3, 5]);
  });
});

import { describe, expect, it } from 'vitest';
import { PAIR_FACTS_VERSION } from '../../../engine/index';
import { backfillPairFacts } from '../../services/store/pair-facts-backfill';
import { COUNTS_GRADE_SQL, countsStoreAt, humanLabel } from '../__fixtures__/counts-store';
import { insertLabels } from '../labels/labels-repository';
import { migrate } from '../migrate';
import { pairFactRecords } from './pair-facts-repository';

/** The oracle: the page as it read each row's latest grade and label before migration 024 kept them (by MAX(id)). */
const JOINED_PAGE = `SELECT j.value AS id, g.reward, g.reason, g.label_source, g.judge_name, g.judge_status, g.failure_class, l.label,
    l.kind, f.rollout_id, f.scenario_id, f.junk, f.leak, f.tool_calls, f.chars, f.shape, f.key_hash, f.ask
  FROM json_each(?) j
  LEFT JOIN pair_facts f ON f.row_id = j.value AND f.version = ?
  LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = j.value)
  LEFT JOIN labels l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = j.value)`;

describe('pairFactRecords', () => {
  it('reads each row’s latest grade and label as the join by MAX(id) found them, facts and order alike', () => {
    const db = countsStoreAt(24);
    migrate(db, ':memory:');
    expect(backfillPairFacts(db).failed).toBe(0);
    const grade = db.prepare(COUNTS_GRADE_SQL);
    db.transaction(() => {
      for (let ordinal = 0; ordinal < 60; ordinal += 4)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0.25, source: 'judge', judge: 'regrader', meta: '{}' });
    })();
    insertLabels(db, [humanLabel('mixed:4', 'pass', 'ana'), humanLabel('mixed:4', 'fail', 'ben'), humanLabel('mixed:7', 'fail', 'ana')]);
    db.prepare("DELETE FROM pair_facts WHERE row_id IN ('mixed:3', 'mixed:8')").run();
    // Plan order (scenario first), a row without facts, ids no longer stored: every kind of line a page meets.
    const ids = [
      ...(db.prepare('SELECT id FROM rows ORDER BY scenario_id, ordinal').all() as { id: string }[]).map(({ id }) => id),
      'gone:1',
      'mixed:3',
    ];
    const oracle = db.prepare(JOINED_PAGE).raw(true);
    for (let start = 0; start < ids.length; start += 200) {
      const page = ids.slice(start, start + 200);
      expect(pairFactRecords(db, page)).toEqual(oracle.all(JSON.stringify(page), PAIR_FACTS_VERSION));
    }
    const records = pairFactRecords(db, ids);
    expect(records.find((values) => values[0] === 'mixed:4')!.slice(1, 9)).toEqual([
      0.25,
      'why',
      'judge',
      'regrader',
      'ok',
      null,
      'fail',
      'human',
    ]);
    expect(records.filter((values) => values[11] === null).map((values) => values[0])).toEqual(['mixed:3', 'mixed:8', 'gone:1', 'mixed:3']);
  });
});

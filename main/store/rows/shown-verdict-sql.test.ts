import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { migrate } from '../migrate';
import { SHOWN_REWARD_SQL, SHOWN_VERDICT_SQL } from './shown-verdict-sql';

it("spells the shown verdict and reward as migration 013's indexes do, so queries can reach them", () => {
  const db = new Database(':memory:');
  migrate(db, ':memory:');
  const indexSql = (name: string) =>
    (db.prepare('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?').get('index', name) as { sql: string }).sql;
  expect(indexSql('row_verdicts_shown')).toContain(`(run_id, ${SHOWN_VERDICT_SQL}, ordinal)`);
  expect(indexSql('row_verdicts_shown_reward')).toContain(`(run_id, ${SHOWN_REWARD_SQL}, ordinal)`);
});

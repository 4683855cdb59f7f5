import { Spec } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

export function insertSpec(db: Db, id: string, spec: Spec, now: string): void {
  statement(db, 'INSERT INTO specs (id, name, sentence, domain, body, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    id,
    spec.name,
    spec.sentence ?? null,
    spec.domain,
    JSON.stringify(spec),
    now,
  );
}

/** The spec a run was built from; undefined when the run kept none. */
export function specOfRun(db: Db, run: { spec_id: string | null }): Spec | undefined {
  return run.spec_id ? getSpec(db, run.spec_id) : undefined;
}

export function getSpec(db: Db, id: string): Spec | undefined {
  const record = statement<[string], { body: string }>(db, 'SELECT body FROM specs WHERE id = ?').get(id);
  return record && parseJsonColumn(Spec, record.body, 'specs.body');
}

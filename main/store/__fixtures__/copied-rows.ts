import type { Db } from '../database';

/*
 * Grows a stored run to many rows fast, for the scale benchmark: its first `base` rows are copied in SQL under the next
 * ordinals until it holds `total` (new ids, rollout ids and ordinals; everything else alike), with each copy's search
 * text, persona tags, prepared export lines (OpenAI's and TRL's), DPO pairing facts, grades (in their order) and labels.
 * The store's triggers fill the verdict lines and the facet counts as they would for rows written one by one.
 */

/** A table's columns in order, with some of them written as the given SQL expressions instead of copied. */
function columns(db: Db, table: string, replaced: Record<string, string>, alias: string): { names: string; values: string } {
  const names = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[])
    .map((column) => column.name)
    .filter((name) => name !== 'id' || 'id' in replaced);
  return { names: names.join(', '), values: names.map((name) => replaced[name] ?? `${alias}.${name}`).join(', ') };
}

// Parameters come bound as reals: cast before they are written into text.
const copiedId = "base.run_id || ':' || CAST(base.ordinal + @shift AS INTEGER)";
/** The base rows of one copy: the first `@count` ordinals of the run. */
const BASE = 'base.run_id = @run AND base.ordinal < @count';

const copiedRollout = "base.rollout_id || '~' || CAST(@copy AS INTEGER)";
/** The line's JSON text naming the row's rollout id (its head) and its lineage (its tail), of the base row or its copy. */
const rolloutText = (rollout: string) => `'"rollout_id":"' || ${rollout} || '"'`;
const lineageText = (rollout: string, ordinal: string) =>
  `'"lineage":{"rollout_id":"' || ${rollout} || '","ordinal":' || CAST(${ordinal} AS INTEGER) || '}'`;
/** A prepared line's columns for the copy: its row, and the carry keys naming the copy's rollout id and ordinal. */
const LINE_KEYS = {
  row_id: copiedId,
  head: `replace(line.head, ${rolloutText('base.rollout_id')}, ${rolloutText(copiedRollout)})`,
  tail: `replace(line.tail, ${lineageText('base.rollout_id', 'base.ordinal')}, ${lineageText(copiedRollout, 'base.ordinal + @shift')})`,
};

function copyStatements(db: Db) {
  const rows = columns(
    db,
    'rows',
    {
      id: copiedId,
      ordinal: 'base.ordinal + @shift',
      rollout_id: copiedRollout,
      body: `json_set(base.body, '$.ordinal', base.ordinal + @shift, '$.rollout_id', ${copiedRollout})`,
    },
    'base',
  );
  const lines = columns(db, 'export_lines', LINE_KEYS, 'line');
  const trlLines = columns(db, 'trl_lines', LINE_KEYS, 'line');
  const facts = columns(db, 'pair_facts', { row_id: copiedId, rollout_id: "facts.rollout_id || '~' || CAST(@copy AS INTEGER)" }, 'facts');
  const grades = columns(db, 'grades', { row_id: copiedId }, 'grade');
  const labels = columns(db, 'labels', { row_id: copiedId }, 'label');
  return [
    `INSERT INTO rows (${rows.names}) SELECT ${rows.values} FROM rows AS base WHERE ${BASE} ORDER BY base.ordinal`,
    `INSERT INTO row_search (rowid, prompt, messages, final_text)
       SELECT copy.rowid, search.prompt, search.messages, search.final_text FROM rows AS base
       JOIN rows AS copy ON copy.run_id = base.run_id AND copy.ordinal = base.ordinal + @shift
       JOIN row_search AS search ON search.rowid = base.rowid WHERE ${BASE}`,
    `INSERT INTO row_tags (run_id, ordinal, position, tag)
       SELECT base.run_id, base.ordinal + @shift, base.position, base.tag FROM row_tags AS base WHERE ${BASE}`,
    `INSERT INTO export_lines (${lines.names}) SELECT ${lines.values} FROM export_lines AS line JOIN rows AS base ON base.id = line.row_id
       WHERE ${BASE}`,
    `INSERT INTO trl_lines (${trlLines.names}) SELECT ${trlLines.values} FROM trl_lines AS line JOIN rows AS base ON base.id = line.row_id
       WHERE ${BASE}`,
    `INSERT INTO pair_facts (${facts.names}) SELECT ${facts.values} FROM pair_facts AS facts JOIN rows AS base ON base.id = facts.row_id
       WHERE ${BASE}`,
    `INSERT INTO grades (${grades.names}) SELECT ${grades.values} FROM grades AS grade JOIN rows AS base ON base.id = grade.row_id
       WHERE ${BASE} ORDER BY grade.id`,
    `INSERT INTO labels (${labels.names}) SELECT ${labels.values} FROM labels AS label JOIN rows AS base ON base.id = label.row_id
       WHERE ${BASE} ORDER BY label.id`,
  ].map((sql) => db.prepare(sql));
}

/** Copies the run's first `base` rows until it holds `total`, one copy per transaction; sets its rows_done. */
export function copyRunRows(db: Db, runId: string, base: number, total: number): void {
  const statements = copyStatements(db);
  const copyOnce = db.transaction((shift: number, copy: number) => {
    const parameters = { run: runId, shift, copy, count: Math.min(base, total - shift) };
    for (const statement of statements) statement.run(parameters);
  });
  for (let shift = base, copy = 1; shift < total; shift += base, copy += 1) copyOnce(shift, copy);
  db.prepare('UPDATE runs SET rows_done = ? WHERE id = ?').run(total, runId);
}

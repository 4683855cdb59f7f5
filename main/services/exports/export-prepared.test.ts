import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest, type ExportRequestInput } from '../../../shared/api/exports';
import { seedExportRun, type SeededRun } from '../../test-support/export-run';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { previewExport } from './export-preview';
import { runExport } from './export-service';
import { exportTuning } from './export-tuning';
import { insertExportLine } from '../../store/exports/export-lines-repository';
import { getRow, preparedOrNone } from '../../store/rows/rows-repository';
import { Spec } from '../../../shared/domain';

// Rows stored by a run carry their prepared line (migrations 012, 016 and 018, engine/export/prepared-line.ts), and the
// default SFT exports (OpenAI and TRL) join those instead of rebuilding each line. These hold the files to what reading
// every row whole gives.

let context: AppContext;
let seeded: SeededRun;

beforeAll(async () => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-prepared-')), mode: 'cli' });
  seeded = await seedExportRun(context, { budget: 60 });
});

afterAll(async () => {
  await context.exportJobs.stopAll();
  await closeAppContext(context);
});

const request = (input: Omit<ExportRequestInput, 'selection'>) => ExportRequest.parse({ ...input, selection: { run_id: seeded.run_id } });
const FILES = ['data/train.jsonl', 'data/train.meta.jsonl', 'data/holdout.jsonl', 'data/holdout.meta.jsonl', 'README.md'];
/** With --with-metadata the lines carry it, and no metadata file is written. */
const INLINE_FILES = ['data/train.jsonl', 'data/holdout.jsonl', 'README.md'];

async function exportFiles(format: 'openai' | 'trl', onWorkers: boolean, withMetadata = false, validate = true) {
  const out = mkdtempSync(join(tmpdir(), 'while-prepared-out-'));
  const tuning = { ...exportTuning };
  if (onWorkers) Object.assign(exportTuning, { parallel_min_rows: 1, parallel_min_cores: 1, source_min_cores: 1 });
  try {
    const asked = request({ format, with_metadata: withMetadata, validate, destination: { kind: 'folder', folder: out } });
    const outcome = await runExport(context, asked);
    const preview = await previewExport(context, asked);
    const files = (withMetadata ? INLINE_FILES : FILES).map((file) => readFileSync(join(out, file), 'utf8'));
    return { files, preview: outcome.preview, dialog: preview };
  } finally {
    Object.assign(exportTuning, tuning);
  }
}

/** Runs `change` (SQL statements) on the run's prepared lines and their texts, exports, and puts both back as they were. */
async function withLines<T>(change: string, work: () => Promise<T>, kept = 'kept_lines'): Promise<T> {
  const db = context.db;
  db.exec(`CREATE TEMP TABLE ${kept} AS SELECT * FROM export_lines; CREATE TEMP TABLE ${kept}_trl AS SELECT * FROM trl_lines`);
  try {
    db.exec(change);
    return await work();
  } finally {
    db.exec(`DELETE FROM export_lines; INSERT INTO export_lines SELECT * FROM ${kept}; DROP TABLE ${kept};
      DELETE FROM trl_lines; INSERT INTO trl_lines SELECT * FROM ${kept}_trl; DROP TABLE ${kept}_trl`);
  }
}

/** Lines as a store written before migration 020 holds them: TRL's messages and the needles in export_lines. */
const OLDER_LAYOUT = `UPDATE export_lines SET trl_messages = t.messages, trl_problems = t.problems, needles = t.needles FROM trl_lines t
  WHERE t.row_id = export_lines.row_id; DELETE FROM trl_lines;`;

describe('prepared export lines', () => {
  it('are stored with a run’s rows, with their TRL messages', () => {
    const stored = context.db
      .prepare(
        `SELECT COUNT(*) AS n, SUM(t.messages LIKE '{"role":%') AS trl FROM export_lines p JOIN rows r ON r.id = p.row_id
         JOIN trl_lines t ON t.row_id = p.row_id WHERE r.run_id = ?`,
      )
      .get(seeded.run_id) as { n: number; trl: number };
    expect(stored).toEqual({ n: seeded.rows, trl: seeded.rows });
  });

  it('give the same files, counts and warnings as reading every row whole, on this thread or on worker threads', async () => {
    for (const format of ['openai', 'trl'] as const) {
      for (const withMetadata of [false, true]) {
        const prepared = await exportFiles(format, true, withMetadata);
        for (const onWorkers of [false, true]) {
          const whole = await withLines('DELETE FROM export_lines', () => exportFiles(format, onWorkers, withMetadata));
          expect(prepared.files).toEqual(whole.files);
          expect(prepared.preview).toEqual(whole.preview);
          expect(prepared.dialog).toEqual(whole.dialog);
        }
      }
    }
  });

  it('are passed over for a row whose line is damaged, of another recipe, or whose grade quotes privileged text', async () => {
    const whole = await withLines('DELETE FROM export_lines', () => exportFiles('openai', false));
    const damaged = await withLines("UPDATE export_lines SET n_messages = -1, leak_hit = 'not json' WHERE rowid % 3 = 0", () =>
      exportFiles('openai', false),
    );
    expect(damaged.files).toEqual(whole.files);
    const stale = await withLines("UPDATE export_lines SET recipe = '0:old', messages = 'stale' WHERE rowid % 2 = 0", () =>
      exportFiles('openai', false),
    );
    expect(stale.files).toEqual(whole.files);
    const needle = `UPDATE trl_lines SET needles = '["did not confirm"]'; UPDATE export_lines SET needle_min = 15`;
    const quoting = await withLines(needle, () => exportFiles('openai', false));
    expect(quoting.files).toEqual(whole.files);
    const quotingOlder = await withLines(`${OLDER_LAYOUT} ${needle.replace('trl_lines', 'export_lines')}`, () =>
      exportFiles('openai', false),
    );
    expect(quotingOlder.files).toEqual(whole.files);
  });

  it('leave a grade quoting the row’s privileged text to the general path, which redacts it', async () => {
    const row = context.db
      .prepare("SELECT id, json_extract(body, '$.privileged') AS privileged FROM rows WHERE run_id = ? AND ordinal = 2")
      .get(seeded.run_id) as { id: string; privileged: string | null };
    const secret = Object.values(JSON.parse(row.privileged ?? '{}') as Record<string, string>).sort((a, b) => b.length - a.length)[0];
    expect(secret?.length).toBeGreaterThan(20);
    context.db.prepare('UPDATE grades SET reason = ? WHERE row_id = ?').run(`It should have said: ${secret}`, row.id);
    const { files } = await exportFiles('openai', false);
    const line = files
      .join('')
      .split('\n')
      .find((text) => text.includes('It should have said'));
    expect(line).toContain('It should have said: [redacted]');
  });

  it('serve each format its own messages, and read whole a row whose TRL messages were never made or are not clean', async () => {
    const whole = await withLines('DELETE FROM export_lines', () => exportFiles('trl', false));
    const withStored = await withLines("UPDATE export_lines SET messages = 'never read'", () => exportFiles('trl', false));
    expect(withStored.files).toEqual(whole.files);
    const older = await withLines(
      'DELETE FROM trl_lines WHERE rowid % 2 = 0; UPDATE export_lines SET trl_messages = NULL WHERE row_id NOT IN (SELECT row_id FROM trl_lines)',
      () => exportFiles('trl', false),
    );
    expect(older.files).toEqual(whole.files);
    const unclean = await withLines("UPDATE trl_lines SET messages = '' WHERE rowid % 3 = 0", () => exportFiles('trl', false));
    expect(unclean.files).toEqual(whole.files);
    const olderLayout = await withLines(`${OLDER_LAYOUT} UPDATE export_lines SET trl_messages = '' WHERE rowid % 3 = 0`, () =>
      exportFiles('trl', false),
    );
    expect(olderLayout.files).toEqual(whole.files);
    const damaged = await withLines("UPDATE trl_lines SET n_messages = -1, leak_hit = 'not json' WHERE rowid % 3 = 0", () =>
      exportFiles('trl', false),
    );
    expect(damaged.files).toEqual(whole.files);
    const stale = await withLines("UPDATE trl_lines SET recipe = '0:old', messages = 'stale' WHERE rowid % 2 = 0", () =>
      exportFiles('trl', false),
    );
    expect(stale.files).toEqual(whole.files);
    const wholeSft = await withLines('DELETE FROM export_lines', () => exportFiles('openai', false));
    const sft = await withLines("UPDATE trl_lines SET messages = 'never read'", () => exportFiles('openai', false));
    expect(sft.files).toEqual(wholeSft.files);
    const sftOlder = await withLines(`${OLDER_LAYOUT} UPDATE export_lines SET trl_messages = 'never read'`, () =>
      exportFiles('openai', false),
    );
    expect(sftOlder.files).toEqual(wholeSft.files);
  });

  it('are made for rows calling a tool the run does not offer, which the export counts, warns of and refuses as before', async () => {
    const { db } = context;
    const spec = db.prepare('SELECT s.id, s.body FROM specs s JOIN runs r ON r.spec_id = s.id WHERE r.id = ?').get(seeded.run_id) as {
      id: string;
      body: string;
    };
    const called = db
      .prepare(
        `SELECT json_extract(c.value, '$.name') AS name, COUNT(DISTINCT r.id) AS n FROM rows r, json_each(r.body, '$.messages') m,
           json_each(m.value, '$.tool_calls') c WHERE r.run_id = ? GROUP BY name ORDER BY n DESC`,
      )
      .get(seeded.run_id) as { name: string; n: number };
    const offered = Spec.parse(JSON.parse(spec.body));
    const { [called.name]: _shape, ...shapes } = offered.result_shapes;
    const narrowed = { ...offered, tools: offered.tools.filter((tool) => tool.name !== called.name), result_shapes: shapes };
    const ids = (db.prepare('SELECT id FROM rows WHERE run_id = ?').all(seeded.run_id) as { id: string }[]).map((row) => row.id);
    const remake = () => {
      for (const id of ids) {
        const line = preparedOrNone(getRow(db, id)!, { system_prompt: narrowed.system_prompt, tools: narrowed.tools });
        if (line) insertExportLine(db, id, line);
      }
    };
    db.prepare('UPDATE specs SET body = ? WHERE id = ?').run(JSON.stringify(narrowed), spec.id);
    try {
      await withLines(
        'DELETE FROM export_lines',
        async () => {
          remake();
          const problems = db.prepare("SELECT COUNT(*) AS n FROM export_lines WHERE problems LIKE '%tool_name_unknown%'").get() as {
            n: number;
          };
          expect(problems.n).toBe(called.n);
          for (const format of ['openai', 'trl'] as const) {
            const prepared = await exportFiles(format, false, false, false);
            const whole = await withLines('DELETE FROM export_lines', () => exportFiles(format, false, false, false));
            expect(prepared.files).toEqual(whole.files);
            expect(prepared.preview).toEqual(whole.preview);
            expect(prepared.dialog).toEqual(whole.dialog);
            const refused = (validate: boolean) => exportFiles(format, false, false, validate).catch((error: Error) => error.message);
            const refusal = await refused(true);
            expect(refusal).toMatch(/tool_name_unknown x/);
            expect(refusal).toEqual(await withLines('DELETE FROM export_lines', () => refused(true)));
          }
        },
        'offered_lines',
      );
    } finally {
      db.prepare('UPDATE specs SET body = ? WHERE id = ?').run(spec.body, spec.id);
    }
  });
});

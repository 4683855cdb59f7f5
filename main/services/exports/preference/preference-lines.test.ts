import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest } from '../../../../shared/api/exports';
import { exportRows } from '../../../../engine/index';
import { writeJsonl } from '../../../../engine/node/index';
import { seedExportRun, type SeededRun } from '../../../test-support/export-run';
import { type AppContext, closeAppContext, createAppContext } from '../../app/app-context';
import { engineOptions, planExport } from '../export-plan';
import { readRows } from '../export-rows';
import { runExport } from '../export-service';

// A DPO export pairs from the facts stored with each row (migration 019; a row without them is read whole once for
// them and let go), and reads a row whole only for a pair's line (preference-lines.ts). These hold its files to the
// engine's general path: every row read whole and held, a scenario at a time, and paired there.

let context: AppContext;
let seeded: SeededRun;

beforeAll(async () => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-preference-')), mode: 'cli' });
  seeded = await seedExportRun(context, { budget: 60 });
});

afterAll(async () => {
  await context.exportJobs.stopAll();
  await closeAppContext(context);
});

const FORMATS = ['dpo-openai', 'dpo-trl', 'dpo-full'] as const;

function requestOf(format: (typeof FORMATS)[number], withMetadata: boolean, folder: string) {
  return ExportRequest.parse({
    selection: { run_id: seeded.run_id, passes_only: false },
    format,
    with_metadata: withMetadata,
    splits: ['train'],
    fractions: { holdout: 0, eval: 0 },
    destination: { kind: 'folder', folder },
  });
}

/** The train file, its metadata and the report as the general path writes them, every row read whole. */
async function generalPath(request: ExportRequest) {
  const plan = await planExport(context, request);
  const stream = exportRows(readRows(context.db, plan.ids.get('train') ?? []), plan.context, engineOptions(plan));
  const folder = mkdtempSync(join(tmpdir(), 'while-preference-general-'));
  const take = stream.takeMetadata;
  await writeJsonl(stream.lines, {
    folder,
    file: 'train.jsonl',
    skipEmpty: true,
    ...(request.with_metadata || !take ? {} : { sidecar: { file: 'train.meta.jsonl', take } }),
  });
  const read = (file: string) => readFileSync(join(folder, file), 'utf8');
  return { train: read('train.jsonl'), meta: request.with_metadata ? null : read('train.meta.jsonl'), report: stream.report() };
}

/** Every DPO format, with metadata inline and apart: the files and report of runExport against the general path's. */
async function expectGeneralPathFiles() {
  for (const format of FORMATS) {
    for (const withMetadata of [false, true]) {
      const folder = mkdtempSync(join(tmpdir(), 'while-preference-out-'));
      const request = requestOf(format, withMetadata, folder);
      const outcome = await runExport(context, request);
      const expected = await generalPath(request);
      const train = readFileSync(join(folder, 'data', 'train.jsonl'), 'utf8');
      expect(train.split('\n').length).toBeGreaterThan(5);
      expect(train).toBe(expected.train);
      if (!withMetadata) expect(readFileSync(join(folder, 'data', 'train.meta.jsonl'), 'utf8')).toBe(expected.meta);
      const stored = context.db.prepare('SELECT report FROM exports WHERE id = ?').get(outcome.export_id) as { report: string };
      expect(JSON.parse(stored.report).reports[0]).toEqual(JSON.parse(JSON.stringify(expected.report)));
    }
  }
}

const factCount = () => (context.db.prepare('SELECT COUNT(*) AS n FROM pair_facts').get() as { n: number }).n;

describe('DPO export read for pairing first', () => {
  it('pairs from the facts stored with each row and writes the files and reports of the general path, byte for byte', async () => {
    expect(factCount()).toBe(seeded.rows);
    await expectGeneralPathFiles();
  });

  it('reads whole the rows without facts of this version (stored before migration 019), beside rows with facts', async () => {
    context.db.prepare('UPDATE pair_facts SET version = version - 1 WHERE rowid % 3 = 0').run();
    context.db.prepare('DELETE FROM pair_facts WHERE rowid % 3 = 1').run();
    expect(factCount()).toBeLessThan(seeded.rows);
    await expectGeneralPathFiles();
    context.db.prepare('DELETE FROM pair_facts').run();
    await expectGeneralPathFiles();
  });
});

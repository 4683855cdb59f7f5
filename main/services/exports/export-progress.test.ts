import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../shared/api';
import { ExportRequest } from '../../../shared/api/exports';
import { seedExportRun, type SeededRun } from '../../test-support/export-run';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { startExport } from './export-service';

let context: AppContext;
let seeded: SeededRun;

beforeAll(async () => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-export-progress-')), mode: 'browser' });
  seeded = await seedExportRun(context);
});

afterAll(() => closeAppContext(context));

describe('export job progress', () => {
  it('carries the bytes written, and the last event the size of every split file and its metadata', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-export-progress-out-'));
    const events: JobProgress[] = [];
    const unsubscribe = context.events.subscribe((name, payload) => name === 'job-progress' && events.push(payload as JobProgress));
    const job = startExport(
      context,
      ExportRequest.parse({
        selection: { run_id: seeded.run_id },
        format: 'openai',
        splits: ['train', 'holdout'],
        destination: { kind: 'folder', folder },
      }),
    );
    await job.done;
    unsubscribe();
    const mine = events.filter((event) => event.job_id === job.job_id);
    const files = ['train', 'train.meta', 'holdout', 'holdout.meta'].reduce(
      (total, file) => total + statSync(join(folder, 'data', `${file}.jsonl`)).size,
      0,
    );
    expect(mine.at(-1)).toMatchObject({ status: 'completed', bytes: files });
    const sizes = mine.flatMap((event) => (event.bytes === undefined ? [] : [event.bytes]));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest } from '../../../shared/api/exports';
import { dispatch } from '../../api/dispatch';
import { storeCraftedRun } from '../../test-support/grading-run';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { planExport, readEvalFile } from './export-plan';
import { previewExport } from './export-preview';

const RELATIVE =
  '“bench/prompts.jsonl” is a relative path: type the full path of the file to decontaminate against, starting with / (e.g. ' +
  '/home/ana/benchmarks/prompts.jsonl), or it would be read wherever the server was started.';

let context: AppContext;
beforeAll(() => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-export-plan-')), mode: 'browser' });
  storeCraftedRun(context.db, 'run_plan', 3);
});
afterAll(() => closeAppContext(context));

const out = () => mkdtempSync(join(tmpdir(), 'while-export-plan-out-'));

describe('decontamination files named in an export request', () => {
  it('are refused by the contract when relative, naming the path typed, instead of read where the server was started', async () => {
    const input = {
      selection: { run_id: 'run_plan' },
      decontaminate: { files: ['/bench/ok.jsonl', 'bench/prompts.jsonl'] },
      destination: { kind: 'folder', folder: out() },
    };
    expect(ExportRequest.safeParse(input).error?.issues).toMatchObject([{ path: ['decontaminate', 'files', 1], message: RELATIVE }]);
    for (const file of ['/home/ana/b.jsonl', 'C:\\bench\\b.jsonl', 'D:/b.jsonl', '\\\\server\\share\\b.jsonl']) {
      expect(ExportRequest.safeParse({ ...input, decontaminate: { files: [file] } }).success).toBe(true);
    }
    for (const method of ['exports.preview', 'exports.start'] as const) {
      expect(await dispatch(context, method, input)).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED', issues: [{ path: 'decontaminate.files.1', message: RELATIVE }] },
      });
    }
  });

  it('are refused by the service when relative, even from a caller that skipped the contract', async () => {
    const folder = out();
    writeFileSync(join(folder, 'prompts.jsonl'), `${JSON.stringify({ id: 'b1', prompt: 'a prompt' })}\n`);
    await expect(readEvalFile('bench/prompts.jsonl')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: RELATIVE,
      issues: [{ path: 'decontaminate.files' }],
    });
    const request = ExportRequest.parse({ selection: { run_id: 'run_plan' }, destination: { kind: 'folder', folder } });
    await expect(previewExport(context, { ...request, decontaminate: { runs: [], files: ['bench/prompts.jsonl'] } })).rejects.toMatchObject(
      { code: 'VALIDATION_FAILED', message: RELATIVE },
    );
    // The same file by its full path is read.
    const plan = await planExport(context, { ...request, decontaminate: { runs: [], files: [join(folder, 'prompts.jsonl')] } });
    expect(plan.decontamination).toMatchObject({ n_eval_rows: 1 });
  });
});

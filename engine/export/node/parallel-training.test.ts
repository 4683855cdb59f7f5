import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFUND_CONTEXT } from '../__fixtures__/refund-rows';
import { refundRowAt, rowPage } from '../__fixtures__/refund-pages';
import { ExportCancelledError } from '../export-cancelled-error';
import { ExportRefusedError } from '../export-refused-error';
import { exportTraining } from '../formats/training-export';
import { validateOpenAiLine } from '../gates/validate-openai';
import { writeJsonl } from './jsonl-writer';
import { writeTrainingParallel } from './parallel-training';

const PAGES = new URL('../__fixtures__/refund-pages.ts', import.meta.url).href;

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'export-parallel-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('writeTrainingParallel', () => {
  it('writes the same bytes and the same report as a single pass, every line valid', async () => {
    const total = 1234;
    const serial = exportTraining(rowPage({ leakEvery: 100 }, 0, total), REFUND_CONTEXT, { validate: false });
    await writeJsonl(serial.lines, { folder, file: 'serial.jsonl' });
    const parallel = await writeTrainingParallel(
      { module: PAGES, data: { leakEvery: 100 }, total },
      REFUND_CONTEXT,
      { validate: false, workers: 2, pageRows: 100, maxAhead: 2 },
      { folder, file: 'parallel.jsonl' },
    );
    const text = await readFile(join(folder, 'parallel.jsonl'), 'utf8');
    expect(text).toBe(await readFile(join(folder, 'serial.jsonl'), 'utf8'));
    expect(parallel.report).toEqual(serial.report());
    expect(parallel.report.privileged_leaks.n_leaked).toBe(12);
    expect(parallel.written).toMatchObject({ lines: total, bytes: Buffer.byteLength(text) });
    for (const line of text.trimEnd().split('\n').slice(0, 50)) expect(validateOpenAiLine(line)).toEqual([]);
  });

  it('writes the same metadata sidecar as a single pass, numbered across pages', async () => {
    const total = 321;
    const options = { validate: false, metadata: 'sidecar' as const };
    const serial = exportTraining(rowPage({}, 0, total), REFUND_CONTEXT, options);
    await writeJsonl(serial.lines, { folder, file: 'serial.jsonl', sidecar: { file: 'serial.meta.jsonl', take: serial.takeMetadata } });
    const parallel = await writeTrainingParallel(
      { module: PAGES, data: {}, total },
      REFUND_CONTEXT,
      { ...options, workers: 2, pageRows: 50 },
      { folder, file: 'parallel.jsonl', sidecar: { file: 'parallel.meta.jsonl' } },
    );
    const metadata = await readFile(join(folder, 'parallel.meta.jsonl'), 'utf8');
    expect(metadata).toBe(await readFile(join(folder, 'serial.meta.jsonl'), 'utf8'));
    expect(await readFile(join(folder, 'parallel.jsonl'), 'utf8')).toBe(await readFile(join(folder, 'serial.jsonl'), 'utf8'));
    expect(parallel.written.sidecar).toMatchObject({ lines: total });
    expect(
      metadata
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { line: number }).line),
    ).toEqual(Array.from({ length: total }, (_, index) => index + 1));
  });

  it('refuses the file when a gate fails on any page, leaving nothing', async () => {
    await expect(
      writeTrainingParallel(
        { module: PAGES, data: { leakEvery: 300 }, total: 600 },
        REFUND_CONTEXT,
        { workers: 2, pageRows: 50 },
        { folder, file: 'train.jsonl' },
      ),
    ).rejects.toSatisfy(
      (error: unknown) => ExportRefusedError.isInstance(error) && error.reasons[0]!.includes('2 rows quote privileged text'),
    );
    expect(await readdir(folder)).toEqual([]);
  });

  it('stops its workers on cancel and leaves no file', async () => {
    const controller = new AbortController();
    const written = writeTrainingParallel(
      { module: PAGES, data: {}, total: 20_000 },
      REFUND_CONTEXT,
      { workers: 2, pageRows: 100 },
      {
        folder,
        file: 'train.jsonl',
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.lines >= 300) controller.abort();
        },
      },
    );
    await expect(written).rejects.toSatisfy((error: unknown) => ExportCancelledError.isInstance(error));
    expect(await readdir(folder)).toEqual([]);
  });

  it('starts its workers from an entry that passes its page module in (the bundled shape), with the same bytes', async () => {
    const total = 700;
    const serial = exportTraining(rowPage({}, 0, total), REFUND_CONTEXT);
    await writeJsonl(serial.lines, { folder, file: 'serial.jsonl' });
    const workerUrl = new URL('./__fixtures__/refund-pages-worker-boot.mjs', import.meta.url);
    const parallel = await writeTrainingParallel(
      { module: 'unused', data: {}, total },
      REFUND_CONTEXT,
      { workers: 2, pageRows: 64, workerUrl },
      { folder, file: 'parallel.jsonl' },
    );
    expect(await readFile(join(folder, 'parallel.jsonl'), 'utf8')).toBe(await readFile(join(folder, 'serial.jsonl'), 'utf8'));
    expect(parallel.report).toEqual(serial.report());
  });

  it('handles an empty export', async () => {
    const result = await writeTrainingParallel({ module: PAGES, data: {}, total: 0 }, REFUND_CONTEXT, {}, { folder, file: 'empty.jsonl' });
    expect(result.written.lines).toBe(0);
    expect(await readFile(join(folder, 'empty.jsonl'), 'utf8')).toBe('');
    expect(refundRowAt(0).row.rollout_id).toBe('row-0');
  });
});

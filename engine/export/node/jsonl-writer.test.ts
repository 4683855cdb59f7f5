import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refundInput } from '../__fixtures__/refund-rows';
import { ExportCancelledError } from '../export-cancelled-error';
import { ExportPathError } from '../export-path-error';
import { ExportRefusedError } from '../export-refused-error';
import { writeJsonl, writeTextFiles, type WriteProgress } from './jsonl-writer';
import { exportTraining } from '../formats/training-export';
import { FramedLine, type JsonlLine, LineFrame } from '../formats/framed-line';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'export-writer-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function* numbered(count: number, onLine?: (index: number) => void): AsyncGenerator<string> {
  for (let index = 0; index < count; index++) {
    onLine?.(index);
    yield JSON.stringify({ index, text: `line ${index} ✓` });
  }
}

describe('writeJsonl', () => {
  it('write every line, report progress and end with a final report', async () => {
    const progress: WriteProgress[] = [];
    const result = await writeJsonl(numbered(2500), {
      folder,
      file: 'out/train.jsonl',
      progressEvery: 1000,
      onProgress: (update) => progress.push(update),
    });
    const text = await readFile(join(folder, 'out/train.jsonl'), 'utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2500);
    expect(JSON.parse(lines[2499]!)).toEqual({ index: 2499, text: 'line 2499 ✓' });
    expect(result).toMatchObject({ lines: 2500, bytes: Buffer.byteLength(text) });
    expect(progress.map((update) => [update.lines, update.done])).toEqual([
      [1000, false],
      [2000, false],
      [2500, true],
    ]);
    expect(await readdir(join(folder, 'out'))).toEqual(['train.jsonl']);
  });

  it('leave no file, not even a temp file, when cancelled half way', async () => {
    const controller = new AbortController();
    const lines = numbered(100_000, (index) => {
      if (index === 30_000) controller.abort();
    });
    await expect(writeJsonl(lines, { folder, file: 'train.jsonl', signal: controller.signal })).rejects.toSatisfy((error: unknown) =>
      ExportCancelledError.isInstance(error),
    );
    expect(await readdir(folder)).toEqual([]);
  });

  it('leave no file when a gate refuses the export at its end, and keep an older file intact', async () => {
    await writeFile(join(folder, 'train.jsonl'), 'old\n');
    const stream = exportTraining([refundInput(), refundInput({ id: 'leaky', leak: true })], null, {});
    await expect(writeJsonl(stream.lines, { folder, file: 'train.jsonl' })).rejects.toSatisfy((error: unknown) =>
      ExportRefusedError.isInstance(error),
    );
    expect(await readdir(folder)).toEqual(['train.jsonl']);
    expect(await readFile(join(folder, 'train.jsonl'), 'utf8')).toBe('old\n');
  });

  it('refuse paths that escape the chosen folder', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'export-outside-'));
    try {
      await symlink(outside, join(folder, 'link'));
      for (const file of ['../escape.jsonl', join(outside, 'abs.jsonl'), 'link/through.jsonl', 'a/../../escape.jsonl', '.']) {
        await expect(writeJsonl(numbered(1), { folder, file })).rejects.toSatisfy((error: unknown) => ExportPathError.isInstance(error));
      }
      expect(await readdir(outside)).toEqual([]);
      await writeJsonl(numbered(1), { folder, file: 'kept.jsonl' });
      await expect(writeJsonl(numbered(1), { folder, file: 'kept.jsonl', overwrite: false })).rejects.toThrow(/overwrite is off/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuse a line that holds a newline', async () => {
    await expect(writeJsonl(['{"a": 1}', 'x\ny'], { folder, file: 'bad.jsonl' })).rejects.toThrow(/newline/);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('writeTextFiles', () => {
  it('write all files or none', async () => {
    await expect(
      writeTextFiles(
        [
          { path: 'pkg/a.txt', content: 'a' },
          { path: '../b.txt', content: 'b' },
        ],
        { folder },
      ),
    ).rejects.toSatisfy((error: unknown) => ExportPathError.isInstance(error));
    expect(await readdir(folder, { recursive: true })).not.toContain('pkg/a.txt');
    const written = await writeTextFiles(
      [
        { path: 'pkg/a.txt', content: 'a' },
        { path: 'README.md', content: '# r' },
      ],
      { folder },
    );
    expect(written).toHaveLength(2);
    expect(await readFile(join(folder, 'pkg/a.txt'), 'utf8')).toBe('a');
  });
});

describe('writeJsonl encoding', () => {
  it('writes lines larger than its buffers and any Unicode, byte for byte', async () => {
    const huge = JSON.stringify({ text: `${'é✓'.repeat(400_000)}🙂` });
    const lines = [
      '{"a":"plain"}',
      huge,
      JSON.stringify({ b: 'ünïcødé' }),
      ...Array.from({ length: 3000 }, (_, index) => JSON.stringify({ index, pad: 'x'.repeat(700) })),
    ];
    const result = await writeJsonl(lines, { folder, file: 'big.jsonl' });
    const text = await readFile(join(folder, 'big.jsonl'), 'utf8');
    expect(text).toBe(`${lines.join('\n')}\n`);
    expect(result.bytes).toBe(Buffer.byteLength(text));
  });
});

describe('writeJsonl framed lines', () => {
  it('writes a framed line as its joined text, byte for byte, across buffers and beside plain lines', async () => {
    const frame = new LineFrame('{"messages":[{"role":"system","content":"é"},', `],"tools":[${'"t",'.repeat(300)}"✓"]}`);
    const lines: JsonlLine[] = [
      '{"a":"plain"}',
      ...Array.from(
        { length: 2000 },
        (_, index) => new FramedLine(frame, JSON.stringify({ index, text: `ünï ${'x'.repeat(index % 900)}` })),
      ),
      new FramedLine(frame, JSON.stringify({ huge: `${'é✓'.repeat(400_000)}🙂` })),
      '{"b":2}',
    ];
    const result = await writeJsonl(lines, { folder, file: 'framed.jsonl' });
    const text = await readFile(join(folder, 'framed.jsonl'), 'utf8');
    expect(text).toBe(`${lines.map(String).join('\n')}\n`);
    expect(result).toMatchObject({ lines: lines.length, bytes: Buffer.byteLength(text) });
  });

  it('refuses a framed line whose text or frame holds a newline', async () => {
    const frame = new LineFrame('{"m":[', ']}');
    await expect(writeJsonl([new FramedLine(frame, '1\n2')], { folder, file: 'bad.jsonl' })).rejects.toThrow(/newline/);
    const broken = new LineFrame('{"m":[\n', ']}');
    await expect(writeJsonl([new FramedLine(broken, '1')], { folder, file: 'bad.jsonl' })).rejects.toThrow(/newline/);
    expect(await readdir(folder)).toEqual([]);
  });
});

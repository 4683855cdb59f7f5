import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentRows } from '../__fixtures__/environment-rows';
import {
  loadDatasetProblems,
  openAiDpoProblems,
  openAiSftProblems,
  togetherSftProblems,
  trlDpoProblems,
  trlSftProblems,
} from '../__fixtures__/reader-rules';
import { REFUND_CONTEXT } from '../__fixtures__/refund-rows';
import type { ExportOptions } from '../export-formats';
import { writeDatasetFolder } from './dataset-folder';

// Each format's default file, written as the app writes it (metadata beside the lines), read back by the documented
// rules of the readers it targets (__fixtures__/reader-rules.ts); the metadata file lines up with it, line for line.

type Line = Record<string, unknown>;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'export-readers-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const jsonLines = async (path: string): Promise<Line[]> =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);

async function exported(options: ExportOptions) {
  const folder = await mkdtemp(join(root, `${options.format}-`));
  const result = await writeDatasetFolder({
    folder,
    open: () => environmentRows(40),
    context: REFUND_CONTEXT,
    export: { ...options, metadata: 'sidecar' },
    splits: ['train', 'holdout'],
    card: { pretty_name: 'Refund desk' },
  });
  const splits = [];
  for (const split of result.splits) {
    const lines = await jsonLines(join(folder, split.file));
    const metadata = split.metadata_file ? await jsonLines(join(folder, split.metadata_file)) : [];
    splits.push({ split: split.split, lines, metadata });
  }
  return { splits, files: await readdir(join(folder, 'data')) };
}

const readers: [ExportOptions, ((line: Line) => string[])[], string[]][] = [
  [{ format: 'openai' }, [openAiSftProblems, togetherSftProblems, trlSftProblems], ['messages', 'tools']],
  [{ format: 'trl' }, [trlSftProblems, togetherSftProblems], ['messages', 'tools']],
  [{ format: 'trl', mask_mode: 'final' }, [trlSftProblems], ['completion', 'prompt', 'tools']],
  [{ format: 'dpo-openai' }, [openAiDpoProblems], ['input', 'non_preferred_output', 'preferred_output']],
  [{ format: 'dpo-trl' }, [trlDpoProblems], ['chosen', 'prompt', 'rejected', 'tools']],
];

describe.each(readers)('the default %o file', (options, rules, keys) => {
  it('has exactly the documented keys, passes its readers, loads as one schema, and its metadata lines up', async () => {
    const { splits, files } = await exported(options);
    expect(splits.length).toBeGreaterThan(0);
    for (const { split, lines, metadata } of splits) {
      expect(loadDatasetProblems(lines)).toEqual([]);
      for (const line of lines) {
        expect(Object.keys(line).sort()).toEqual(keys);
        for (const rule of rules) expect(rule(line)).toEqual([]);
      }
      expect(metadata.map((entry) => entry.line)).toEqual(lines.map((_, index) => index + 1));
      expect(files).toContain(`${split}.meta.jsonl`);
    }
  });
});

describe('the rules themselves', () => {
  it('catch what the issue saw: carry keys beside messages, a prompt string beside messages, an empty split', () => {
    const withCarry = { messages: [], tools: [], prompt: 'hi', reward: 1 };
    expect(togetherSftProblems(withCarry)).toEqual(["Together's checker refuses the keys prompt, reward"]);
    expect(trlSftProblems({ messages: [], prompt: 'hi' })).toEqual(['TRL SFTTrainer (language modeling) refuses the keys prompt']);
    expect(loadDatasetProblems([])).toEqual(['an empty split file: SchemaInferenceError for every split']);
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentRows } from '../__fixtures__/environment-rows';
import { REFUND_CONTEXT } from '../__fixtures__/refund-rows';
import { EmptyExportError } from '../empty-export-error';
import { writeDatasetFolder } from './dataset-folder';
import { nextManifest } from '../hub/manifest';
import { splitOf } from '../selection/splits';
import { validateOpenAiLine } from '../gates/validate-openai';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'export-dataset-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('writeDatasetFolder', () => {
  it('write one file per split, whole scenarios per side, decontaminated, with a card naming each file', async () => {
    const rows = environmentRows(40);
    const copied = rows.find((input) => splitOf(input.row.situation.scenario_id, { holdout: 0.2, eval: 0.1 }) === 'train')!;
    const result = await writeDatasetFolder({
      folder,
      open: () => rows,
      context: REFUND_CONTEXT,
      export: { format: 'openai', metadata: 'sidecar' },
      splits: ['train', 'holdout', 'eval'],
      fractions: { holdout: 0.2, eval: 0.1 },
      against: [{ prompt: copied.row.prompt, task_id: 'bench-1' }],
      card: { pretty_name: 'Refund desk', repo_id: 'acme/refunds' },
    });
    const seen = new Map<string, string>();
    for (const split of result.splits) {
      const lines = (await readFile(join(folder, split.file), 'utf8')).trimEnd().split('\n').filter(Boolean);
      const metadata = (await readFile(join(folder, split.metadata_file!), 'utf8')).trimEnd().split('\n');
      expect(lines).toHaveLength(split.lines);
      expect(metadata).toHaveLength(split.lines);
      for (const [index, line] of lines.entries()) {
        expect(validateOpenAiLine(line)).toEqual([]);
        expect(Object.keys(JSON.parse(line) as object)).toEqual(['messages', 'tools']);
        const meta = JSON.parse(metadata[index]!) as { line: number; scenario_id: string };
        expect(meta.line).toBe(index + 1);
        expect(seen.get(meta.scenario_id) ?? split.split).toBe(split.split);
        seen.set(meta.scenario_id, split.split);
      }
    }
    expect(result.decontamination).toMatchObject({ n_contaminated: 4, n_exact: 4 });
    expect(result.splits.reduce((total, split) => total + split.lines, 0)).toBe(160 - 4);
    const card = await readFile(result.card_path, 'utf8');
    const front = parse(card.split(/^---$/m)[1]!) as { configs: { data_files: { split: string; path: string }[] }[] };
    expect(front.configs[0]!.data_files).toEqual([
      { split: 'train', path: 'data/train.jsonl' },
      { split: 'holdout', path: 'data/holdout.jsonl' },
      { split: 'eval', path: 'data/eval.jsonl' },
    ]);
    expect(card).toContain('4 rows copied the evaluation set');
    const manifest = nextManifest(null, {
      repo_id: 'acme/refunds',
      pushed_at: '2026-08-01T00:00:00Z',
      splits: Object.fromEntries(
        result.splits.map((split) => [split.split, { file: split.file, n_rows: split.lines, rollout_ids: split.rollout_ids }]),
      ),
    });
    expect(manifest.history[0]!.delta.train!.added).toBe(result.splits[0]!.lines);
  });

  it('write no file and no card entry for an empty split, and nothing at all when every split is empty', async () => {
    const out = await mkdtemp(join(folder, 'empty-'));
    const rows = environmentRows(10);
    const options = {
      folder: out,
      open: () => rows,
      context: REFUND_CONTEXT,
      splits: ['train', 'holdout'] as const,
      fractions: { holdout: 0 },
      card: { pretty_name: 'Refund desk' },
    };
    const result = await writeDatasetFolder({ ...options, export: { format: 'openai' } });
    expect(result.splits.map((split) => split.split)).toEqual(['train']);
    expect(await readdir(join(out, 'data'))).toEqual(['train.jsonl']);
    const card = await readFile(result.card_path, 'utf8');
    expect(card).not.toContain('holdout.jsonl');
    expect(result.warnings).toContain('split holdout has no line: no file is written for it and the dataset card does not name it');
    // Single rollouts pair with nothing: a DPO export of them writes nothing and says why.
    const single = await mkdtemp(join(folder, 'single-'));
    const firstOfEach = rows.filter((input) => input.row.rollout_index === 0);
    await expect(
      writeDatasetFolder({ ...options, folder: single, open: () => firstOfEach, export: { format: 'dpo-openai' } }),
    ).rejects.toSatisfy((error: unknown) => EmptyExportError.isInstance(error) && /single graded rollout/.test(error.warnings.join(' ')));
    expect(await readdir(single)).toEqual([]);
  });
});

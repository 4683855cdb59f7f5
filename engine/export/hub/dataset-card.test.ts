import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { datasetCard } from './dataset-card';
import { pushCommitDescription, pushCommitTitle, pushTag, repoIdProblem } from './hub-naming';
import { manifestText, nextManifest, recordCommit } from './manifest';

const splits = [
  { split: 'train', path: 'data/train.jsonl', n_rows: 1200 },
  { split: 'holdout', path: 'data/holdout.jsonl', n_rows: 300 },
  { split: 'eval', path: 'data/eval.jsonl', n_rows: 150 },
];

describe('dataset card', () => {
  it('name every split file in configs so load_dataset finds holdout and eval', () => {
    const card = datasetCard({
      pretty_name: 'Refund agent conversations',
      kind: 'sft',
      format: 'openai',
      splits,
      license: 'cc-by-4.0',
      repo_id: 'acme/refunds',
      made: {
        run: 'run-7 (seed 0)',
        agent: 'demo',
        judge: 'conduct',
        decontamination: 'against bench.jsonl: 3 rows dropped',
        empty: undefined,
      },
      warnings: ['2 rows call tools but the file carries no tool schemas'],
    });
    const [, yamlText, body] = card.split(/^---$/m);
    const front = parse(yamlText!) as Record<string, unknown>;
    expect(front.license).toBe('cc-by-4.0');
    expect(front.task_categories).toEqual(['text-generation']);
    expect(front.size_categories).toEqual(['1K<n<10K']);
    expect(front.configs).toEqual([
      { config_name: 'default', default: true, data_files: splits.map(({ split, path }) => ({ split, path })) },
    ]);
    expect(body).toContain('| holdout | `data/holdout.jsonl` | 300 |');
    expect(body).toContain('- judge: conduct');
    expect(body).not.toContain('empty');
    expect(body).toContain('load_dataset("acme/refunds", split="train")');
    expect(body).not.toContain('meta.jsonl');
    expect(body).toContain('- 2 rows call tools but the file carries no tool schemas');
  });

  it('document the metadata sidecar when the lines keep only their columns', () => {
    const card = datasetCard({ pretty_name: 'x', kind: 'dpo', format: 'dpo-openai', splits, metadata: 'sidecar' });
    const [, yamlText, body] = card.split(/^---$/m);
    expect(JSON.stringify(parse(yamlText!))).not.toContain('meta');
    expect(body).toContain('`data/<split>.meta.jsonl` holds one line per line of `data/<split>.jsonl`');
    expect(body).toContain('keyed by `line` (its 1-based line number)');
    expect(datasetCard({ pretty_name: 'x', kind: 'sft', format: 'openai', splits, metadata: 'inline' })).toContain('--with-metadata');
  });

  it('refuse a split name load_dataset would reject', () => {
    expect(() =>
      datasetCard({ pretty_name: 'x', kind: 'grpo', format: 'grpo', splits: [{ split: 'hold-out', path: 'a', n_rows: 1 }] }),
    ).toThrow(/hold-out/);
  });
});

describe('manifest and push naming', () => {
  it('keep the history of pushes with rows added and removed per split', () => {
    const first = nextManifest(null, {
      repo_id: 'acme/refunds',
      pushed_at: '2026-08-01T10:00:00Z',
      tag: pushTag('ds_1'),
      splits: { train: { file: 'data/train.jsonl', n_rows: 3, rollout_ids: ['a', 'b', 'c'] } },
    });
    expect(first.history[0]).toMatchObject({ commit: null, tag: 'zp-ds_1', delta: { train: { added: 3, removed: 0, n_rows: 3 } } });
    const second = nextManifest(first, {
      repo_id: 'acme/refunds',
      pushed_at: '2026-08-02T10:00:00Z',
      previous_commit: 'abc123',
      splits: {
        train: { file: 'data/train.jsonl', n_rows: 4, rollout_ids: ['b', 'c', 'd', 'e'] },
        holdout: { file: 'data/holdout.jsonl', n_rows: 1, rollout_ids: ['h'] },
      },
    });
    expect(second.history).toHaveLength(2);
    expect(second.history[0]!.commit).toBe('abc123');
    expect(second.history[1]!.delta).toEqual({ train: { added: 2, removed: 1, n_rows: 4 }, holdout: { added: 1, removed: 0, n_rows: 1 } });
    expect(second.history[1]!.message).toBe('holdout: 1 rows (+1 -0)\ntrain: 4 rows (+2 -1)');
    const third = nextManifest(second, {
      repo_id: 'acme/refunds',
      pushed_at: 't',
      splits: { eval: { file: 'data/eval.jsonl', n_rows: 0, rollout_ids: [] } },
    });
    expect(Object.keys(third.splits).sort()).toEqual(['eval', 'holdout', 'train']);
    expect(recordCommit(third, 'fff').history.at(-1)!.commit).toBe('fff');
    expect(manifestText(second)).toBe(manifestText(JSON.parse(manifestText(second))));
    expect(manifestText(second)).not.toMatch(/"b"|"c"/);
  });

  it('check repository ids and write the SDK commit titles', () => {
    expect(repoIdProblem('acme/refunds')).toBeNull();
    expect(repoIdProblem('refunds')).toMatch(/owner\/name/);
    expect(repoIdProblem('acme/re funds')).toMatch(/letters, digits/);
    expect(pushCommitTitle({ file: 'train.jsonl' })).toBe('whileai: push train.jsonl');
    expect(pushCommitTitle({ dir: 'export/', files: 4 })).toBe('whileai: push export/ (4 files)');
    expect(pushCommitDescription({ train: { added: 1, removed: 0, n_rows: 1 } })).toBe('train: 1 rows (+1 -0)');
  });
});

import { describe, expect, it } from 'vitest';
import { formatProveReport, parseProveFile } from './prove-file';
import { holdoutSize } from './holdout-size';
import type { ProveLine, ProveReport } from './prove-report';

describe('parseProveFile', () => {
  it('reads pass, reward, category and eval_run, skipping blank lines', () => {
    const text = [
      '{"task_id": "t1", "category": "refunds", "pass": 1}',
      '',
      '{"task_id": "t1", "category": "refunds", "reward": 0.5, "eval_run": 2}',
      '{"task_id": 7, "category": "billing", "reward": 0.49, "eval_run": "r1"}',
      '{"task_id": "t3", "pass": 0, "eval_run": null}',
      '{"task_id": "t4", "category": "refunds", "pass": 1, "reward": 0.9}',
    ].join('\r\n');
    const { records, errors } = parseProveFile(`${text}\n`);
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { task_id: 't1', category: 'refunds', pass: 1, eval_run: null, line: 1 },
      { task_id: 't1', category: 'refunds', pass: 1, eval_run: '2', line: 3 },
      { task_id: '7', category: 'billing', pass: 0, eval_run: 'r1', line: 4 },
      { task_id: 't3', category: 'uncategorized', pass: 0, eval_run: null, line: 5 },
      { task_id: 't4', category: 'refunds', pass: 1, eval_run: null, line: 6 },
    ]);
  });

  it('reports every kind of bad line with its line number and field', () => {
    const text = [
      '{"task_id": "ok", "category": "refunds", "pass": 1}',
      'pass: 1',
      '"just a string"',
      '{"category": "refunds", "pass": 1}',
      '{"task_id": "a", "category": "refunds"}',
      '{"task_id": "b", "category": "refunds", "pass": 2}',
      '{"task_id": "c", "category": "refunds", "pass": true}',
      '{"task_id": "d", "category": "refunds", "reward": 1.2}',
      '{"task_id": "e", "category": "refunds", "reward": "high"}',
      '{"task_id": "f", "category": ["x"], "pass": 1}',
      '{"task_id": "g", "category": "refunds", "pass": 0, "reward": 1}',
      '{"task_id": "h", "category": "refunds", "pass": 1, "eval_run": {"id": 1}}',
    ].join('\n');
    const { records, errors } = parseProveFile(text);
    expect(records.map((record) => record.task_id)).toEqual(['ok']);
    expect(errors).toEqual([
      { line: 2, message: expect.stringMatching(/^not valid JSON: /) },
      { line: 3, message: 'a line must be a JSON object' },
      { line: 4, field: 'task_id', message: 'task_id is missing' },
      { line: 5, field: 'pass', message: 'each line needs pass (0 or 1) or reward (0..1)' },
      { line: 6, field: 'pass', message: 'pass must be 0 or 1' },
      { line: 7, field: 'pass', message: 'pass must be 0 or 1' },
      { line: 8, field: 'reward', message: 'reward must be in [0, 1]' },
      { line: 9, field: 'reward', message: 'reward must be a number in [0, 1]' },
      { line: 10, field: 'category', message: 'category must be a string' },
      { line: 11, field: 'reward', message: 'pass 0 and reward 1 disagree' },
      { line: 12, field: 'eval_run', message: 'eval_run must be a string, a number or null' },
    ]);
  });
});

function line(overrides: Partial<ProveLine>): ProveLine {
  return {
    category: 'refunds',
    n_tasks: 20,
    before: 0.4,
    after: 0.7,
    delta: 0.3,
    ci_low: 0.12,
    ci_high: 0.48,
    p_value: 0.004,
    headline: 'PASS',
    paired: true,
    low_n: false,
    noise_band: 0.05,
    ...overrides,
  };
}

describe('formatProveReport', () => {
  it('prints warnings first, then one line per category, the overall line and the plan', () => {
    const report: ProveReport = {
      categories: [
        line({}),
        line({
          category: 'billing',
          n_tasks: 4,
          before: 0.5,
          after: 0.25,
          delta: -0.25,
          ci_low: null,
          ci_high: null,
          p_value: null,
          paired: false,
          low_n: true,
          headline: 'INSUFFICIENT DATA',
        }),
      ],
      overall: line({ category: 'overall', n_tasks: 24, p_value: 0.0005 }),
      warnings: ['low n: billing (4) have fewer than 6 paired tasks, too few for any result to reach p < 0.05'],
      min_category_tasks: 6,
      holdout_size: holdoutSize({ effect: 0.1, base: 0.6, k: 4 }),
      detectable_effect: 0.1234,
      seed: 0,
      draws: 2000,
    };
    expect(formatProveReport(report)).toBe(
      [
        'warning: low n: billing (4) have fewer than 6 paired tasks, too few for any result to reach p < 0.05',
        '',
        'refunds  0.40 -> 0.70  +0.30 [+0.12..+0.48]  p=0.004  PASS  (20 tasks)',
        'billing  0.50 -> 0.25  -0.25 [n/a]  p=n/a (unpaired)  INSUFFICIENT DATA  (4 tasks, low n)',
        'overall  0.40 -> 0.70  +0.30 [+0.12..+0.48]  p<0.001  PASS  (24 tasks)',
        '',
        'plan: 89 tasks to detect +0.10 (task sd 0.34 from model); these 24 paired tasks detect +0.12',
      ].join('\n'),
    );
  });
});

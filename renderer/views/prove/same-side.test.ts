import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/domain';
import { defaultRunId, sameSideProblem } from './same-side';

const runs = [
  { id: 'run_a', name: 'Refunds v1' },
  { id: 'run_b', name: 'Refunds v2' },
] as RunSummary[];

describe('prove sides', () => {
  it('refuses one run or the same lines as both before and after, before any number', () => {
    const run = (run_id: string) => ({ kind: 'run', run_id, category_axis: 'tool' }) as const;
    expect(sameSideProblem(run('run_a'), { ...run('run_a'), category_axis: 'stance' }, runs)).toBe(
      'Before and after are the same run (“Refunds v1”): every difference would be 0. Choose the run of the changed agent as after.',
    );
    expect(sameSideProblem(run('run_a'), run('run_b'), runs)).toBeNull();
    const file = (name: string, text: string) => ({ kind: 'file', name, text }) as const;
    expect(sameSideProblem(file('B.jsonl', 'x'), file('B.jsonl', 'x'), runs)).toBe(
      'Before and after hold the same lines (B.jsonl): every difference would be 0. Choose the results of the changed agent as after.',
    );
    expect(sameSideProblem(file('B.jsonl', 'x'), file('A.jsonl', 'y'), runs)).toBeNull();
    expect(sameSideProblem(null, run('run_a'), runs)).toBeNull();
  });

  it('starts a side switched to a run on one the other side does not use', () => {
    expect(defaultRunId(runs, 'run_a')).toBe('run_b');
    expect(defaultRunId(runs, null)).toBe('run_a');
    expect(defaultRunId(runs.slice(0, 1), 'run_a')).toBe('run_a');
    expect(defaultRunId([], null)).toBe('');
  });
});

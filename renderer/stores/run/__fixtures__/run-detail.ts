import type { RunDetail } from '../../../../shared/api';
import type { BatchRecord, Run } from '../../../../shared/domain';

export function storedRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 'run_a',
    name: 'Refunds confirm first',
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    status: 'running',
    config: {
      source: { kind: 'describe', sentence: 'a retail assistant that confirms before refunding' },
      models: {},
      budget: 100,
      seed: 0,
      mode: 'explore',
      until: 'compute',
      phrasings: 1,
      repeats: 1,
      fault_rate: 0.5,
      prefer_success: true,
      concurrency: 8,
    },
    spec_id: 'spec_a',
    rows_done: 0,
    stopped_because: null,
    degraded: [],
    warnings: [],
    pairwise: null,
    error: null,
    ...overrides,
  };
}

export function batch(number: number, covered: number, weights: Partial<Record<string, number>> = { structured: 1 }): BatchRecord {
  return {
    batch: number,
    rows: 10,
    arm_weights: weights as BatchRecord['arm_weights'],
    arm_rows: weights as BatchRecord['arm_rows'],
    arm_yield: {},
    new_cells: 3,
    new_signatures: 2,
    pairwise: { pairs_planned: 400, pairs_covered: covered, fraction: covered / 400 },
  };
}

export function detailOf(run: Run, batches: BatchRecord[] = []): RunDetail {
  return { run, summary: null, batches };
}

import { describe, expect, it } from 'vitest';
import type { Dimensions, Row, SimulationSummary } from '../../shared/domain';
import { stableJson } from '../seeded';
import { offlineComponents } from '../simulate/offline-components';
import { simulate } from '../simulate/simulate';
import type { SimulateOptions } from '../simulate/simulate-options';
import { draftSpec } from '../spec/draft-spec';
import { failureMap, type MapTrace } from './failure-map';
import { traceAim, type TraceAim } from './trace-aim';

const { spec } = draftSpec('a support agent that looks up orders and refunds them only after confirming', { seed: 4 });
const aimedTool = spec.tools.at(-1)!.name;

async function run(traceAimed?: TraceAim): Promise<{ rows: Row[]; summary: SimulationSummary }> {
  const options: SimulateOptions = {
    ...offlineComponents(spec, { seed: 4 }),
    spec,
    seed: 4,
    budget: 64,
    phrasings: 1,
    repeats: 1,
    fault_rate: 0.5,
    prefer_success: true,
    concurrency: 4,
    ...(traceAimed ? { trace_aim: traceAimed } : {}),
  };
  const rows: Row[] = [];
  const events = simulate(options);
  for (;;) {
    const next = await events.next();
    if (next.done) return { rows, summary: next.value };
    if (next.value.type === 'row') rows.push(next.value.row);
  }
}

const dims = (tool: string, tool_condition: string, world_state: string): Dimensions => ({
  tool,
  rule: 'unspecified',
  stance: 'ordinary',
  world_state,
  tool_condition,
  history: 'fresh',
});
const trace = (dimensions: Dimensions, reward: number, version: string, at: number): MapTrace => ({
  dimensions,
  faults: [],
  reward,
  model_version: version,
  started_at_ms: at,
});

const traces: MapTrace[] = [
  trace(dims(aimedTool, 'timeout', 'entity missing'), 1, 'v1', 1),
  trace(dims(aimedTool, 'timeout', 'entity missing'), 0, 'v2', 2),
  trace(dims(aimedTool, 'timeout', 'entity missing'), 0, 'v2', 3),
  trace(dims(spec.tools[0]!.name, 'success', 'entity exists'), 1, 'v2', 4),
];
const isAimed = (row: Row) => row.situation.dimensions.tool === aimedTool && row.situation.dimensions.tool_condition === 'timeout';

describe('a run aimed at traces', () => {
  it('spends most of the grid on the situation the traces show failing, with its fault scheduled', async () => {
    const map = failureMap(traces);
    expect(map.cells[0]).toMatchObject({ tool: aimedTool, status: 'new', is_weak: true });
    const aim = traceAim(map, [], spec.axes);
    expect(aim.regions).toHaveLength(1);
    expect(aim.steering_weight).toBe(0.8);
    const plain = await run();
    const aimed = await run(aim);
    const share = (rows: Row[]) => rows.filter(isAimed).length / rows.length;
    expect(share(aimed.rows)).toBeGreaterThan(0.3);
    expect(share(aimed.rows)).toBeGreaterThan(3 * share(plain.rows));
    for (const row of aimed.rows.filter(isAimed)) {
      expect(row.situation.faults).toEqual({ '*': { mode: 'timeout', rate: 1 } });
      expect(row.situation.world_state).toBe('entity missing');
    }
  });

  it('is byte-identical for the same seed', async () => {
    const aim = traceAim(failureMap(traces), [], spec.axes);
    const [first, second] = [await run(aim), await run(aim)];
    expect(stableJson(first.rows)).toBe(stableJson(second.rows));
  });

  it('drops generated situations that near-copy a source trace, counts them and marks the run degraded', async () => {
    const plain = await run();
    const copied = plain.rows[3]!.prompt;
    const aim: TraceAim = { axes: spec.axes, regions: [], steering_weight: 0.8, sources: [copied], leak_threshold: 0.9 };
    const { rows, summary } = await run(aim);
    expect(rows.some((row) => row.prompt === copied)).toBe(false);
    expect(summary.degraded).toContain('trace_leakage_dropped');
    expect(summary.warnings.some((warning) => /near-copied a source trace .* dropped/.test(warning))).toBe(true);
    expect(plain.summary.degraded).not.toContain('trace_leakage_dropped');
  });
});

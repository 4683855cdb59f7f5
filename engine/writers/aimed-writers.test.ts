import { describe, expect, it } from 'vitest';
import type { Dimensions, Row } from '../../shared/domain';
import { planGrid, type GridPlan } from '../coverage/plan-grid';
import { offlineComponents } from '../simulate/offline-components';
import { simulate } from '../simulate/simulate';
import { draftSpec } from '../spec/draft-spec';
import { toolKind } from '../spec/tool-kinds';
import { pairsOf } from '../coverage/pairwise-coverage';
import { gapCell } from './gap-cell';
import { createMutationWriter } from './mutation-writer';
import { createProbeWriter } from './probe-writer';
import type { RolloutOutcome, SearchView } from './search-view';
import { createShapeWriter } from './shape-writer';
import { templateWording } from './template-wording';
import type { WriterRequest } from './writer';

const { spec } = draftSpec('a support agent that looks up orders and refunds them only after confirming', { seed: 4 });

function searchView(candidates: RolloutOutcome[] = []): SearchView {
  return {
    uses: () => 0,
    isPairCovered: () => false,
    hasShape: () => false,
    mutationCandidates: () => candidates,
    probeUses: () => 0,
  };
}

function request(plan: GridPlan, state: SearchView = searchView()): WriterRequest {
  return { count: 8, phrasings: 1, round: 0, seed: 4, spec, plan, state, faults: { seed: 4, fault_rate: 0.5, prefer_success: true } };
}

const aimedPlan = (aim: Partial<Dimensions>) => planGrid(spec.axes, { seed: 4, fault_rate: 0.5, prefer_success: true, aim });
const dimensionsOf = (situations: { situation: { dimensions: Dimensions } }[][]) =>
  situations.map((cards) => cards[0]!.situation.dimensions);

describe('writers in a run aimed at one cell', () => {
  it('the gap card keeps the aimed values while it chases uncovered pairs', () => {
    const aim = { tool: 'issue_refund', stance: 'hurried' };
    const taken = new Set<string>();
    for (let index = 0; index < 8; index++) {
      const cell = gapCell(request(aimedPlan(aim)), taken)!;
      expect(cell.dimensions).toMatchObject(aim);
      for (const pair of pairsOf(cell.dimensions)) taken.add(pair);
    }
  });

  it('the shape writer tries only the answers that fit the aim and fills the rest of the coordinate from it', async () => {
    const aim = { world_state: 'entity missing', history: 'repeat visit', tool_condition: 'success' };
    const proposed = await createShapeWriter(toolKind, templateWording).propose(request(aimedPlan(aim)));
    expect(proposed.length).toBeGreaterThan(0);
    for (const cards of proposed) {
      expect(cards[0]!.situation.dimensions).toMatchObject(aim);
      expect(cards[0]!.lineage.target_shape).toMatch(/:not_found$/);
    }
  });

  it('the mutation writer mutates only failures in the aimed cell, and never an aimed axis', async () => {
    const aim = { tool: 'cancel_order', stance: 'adversarial' };
    const inCell: Dimensions = { ...aimedPlan(aim).cells[0]!.dimensions };
    const outside: Dimensions = { ...inCell, stance: 'ordinary' };
    const failure = (ordinal: number, dimensions: Dimensions): RolloutOutcome => ({
      ordinal,
      scenario_id: `sc-${ordinal}`,
      dimensions,
      reward: 0,
      graded_failure: true,
      shapes: [],
      world_fault: false,
    });
    const candidates = Array.from({ length: 12 }, (_, ordinal) => failure(ordinal, ordinal % 2 === 0 ? inCell : outside));
    const proposed = await createMutationWriter(templateWording).propose(request(aimedPlan(aim), searchView(candidates)));
    expect(proposed.length).toBe(6);
    for (const cards of proposed) {
      expect(cards[0]!.situation.dimensions).toMatchObject(aim);
      expect(['tool', 'stance']).not.toContain(cards[0]!.lineage.mutated_axis);
      expect(cards[0]!.lineage.mutated_from! % 2).toBe(0);
    }
  });

  it('the probe writer stands down unless a probe kind lands on the aim', async () => {
    const probe = createProbeWriter(templateWording);
    expect(await probe.propose(request(aimedPlan({ tool: 'get_order', stance: 'hurried' })))).toEqual([]);
    const injection = await probe.propose(request(aimedPlan({ tool: 'unrelated', stance: 'adversarial' })));
    expect(injection.length).toBe(8);
    for (const cards of injection) {
      expect(cards[0]!.situation.dimensions).toMatchObject({ tool: 'unrelated', stance: 'adversarial' });
      expect(cards[0]!.lineage.probe).toBe('prompt_injection');
    }
    const onTool = await probe.propose(request(aimedPlan({ tool: 'cancel_order', stance: 'boundary' })));
    expect(onTool.length).toBe(8);
    for (const dimensions of dimensionsOf(onTool)) expect(dimensions).toMatchObject({ tool: 'cancel_order', stance: 'boundary' });
  });

  it('an aimed offline run lands every row in the aimed cell, from several writers', async () => {
    const aim = { tool: 'issue_refund', stance: 'hurried' };
    const rows: Row[] = [];
    const events = simulate({
      ...offlineComponents(spec, { seed: 4 }),
      spec,
      seed: 4,
      budget: 48,
      phrasings: 1,
      repeats: 1,
      fault_rate: 0.5,
      prefer_success: true,
      concurrency: 4,
      aim,
    });
    let next = await events.next();
    while (!next.done) {
      if (next.value.type === 'row') rows.push(next.value.row);
      next = await events.next();
    }
    expect(rows.length).toBe(48);
    for (const row of rows) expect(row.situation.dimensions).toMatchObject(aim);
    expect(new Set(rows.map((row) => row.writer)).size).toBeGreaterThanOrEqual(2);
    const summary = next.value;
    expect(summary.coverage.pairwise.pairs_planned).toBe(aimedPlan(aim).planned.size);
    expect(summary.coverage.pairwise.pairs_covered).toBeGreaterThan(0);
  });
});

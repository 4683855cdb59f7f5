import { describe, expect, it } from 'vitest';
import type { Dimensions } from '../../../shared/domain';
import { planGrid } from '../../coverage/plan-grid';
import { MockModelBackend, type MockReply } from '../../models/__fixtures__/mock-backend';
import type { GenerateRequest } from '../../models/model-backend';
import { ModelCallError } from '../../models/model-call-error';
import { RunStopError } from '../../models/run-stop-error';
import { draftSpec } from '../../spec/draft-spec';
import { createGapFallbackWriter } from './gap-fallback-writer';
import type { RolloutOutcome, SearchView } from '../search-view';
import { templateWording } from '../template-wording';
import type { WriterRequest } from '../writer';
import { createModelSituationWriter, IDLE_ROUNDS_BEFORE_RESTART, maxNoveltyRestarts } from './model-situation-writer';
import { AVOID_HEADING, TARGETS_HEADING } from './situation-prompt';

const MODEL = 'openai:gpt-4.1-mini';
const { spec } = draftSpec('a support agent that looks up orders and refunds them only after confirming', { seed: 4 });
const PLAN = planGrid(spec.axes, { seed: 4, fault_rate: 0.5, prefer_success: true });

const FAILURE: RolloutOutcome = {
  ordinal: 7,
  scenario_id: PLAN.cells[3]!.scenario_id,
  dimensions: PLAN.cells[3]!.dimensions,
  reward: 0,
  shapes: [],
  world_fault: false,
  graded_failure: true,
};

function searchView(candidates: RolloutOutcome[] = []): SearchView {
  return { uses: () => 0, isPairCovered: () => false, hasShape: () => false, mutationCandidates: () => candidates, probeUses: () => 0 };
}

function request(overrides: Partial<WriterRequest> = {}): WriterRequest {
  return {
    count: 3,
    phrasings: 1,
    round: 0,
    seed: 4,
    spec,
    plan: PLAN,
    state: searchView([FAILURE]),
    faults: { seed: 4, fault_rate: 0.5, prefer_success: true },
    ...overrides,
  };
}

/** The targets the writer sent, as the prompt lists them. */
function targetsOf(sent: GenerateRequest): { coordinates: Dimensions; fill?: string[]; near_failure?: string }[] {
  const prompt = sent.messages[0]!.content as string;
  const block = prompt.slice(prompt.indexOf(TARGETS_HEADING) + TARGETS_HEADING.length).split('\n\n')[0]!;
  return block
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** A model that answers each target with the given asks, in order, keeping the target's coordinates. */
function writing(asksOf: (round: number, target: number) => string, change: (target: Dimensions, index: number) => Dimensions = (t) => t) {
  return (sent: GenerateRequest, round: number): MockReply => ({
    text: JSON.stringify({
      cards: targetsOf(sent).map((target, index) => ({ asks: [asksOf(round, index)], target: change(target.coordinates, index) })),
    }),
  });
}

function writer(backend: MockModelBackend, budget = 100) {
  return createModelSituationWriter(backend, { budget, fallback: createGapFallbackWriter(templateWording), wording: templateWording });
}

describe('the model writer of the llm_guided arm', () => {
  it('asks for situations aimed at open pairs and at failing rollouts, and keeps what the model wrote, with lineage', async () => {
    const backend = new MockModelBackend(
      MODEL,
      writing((_, index) => `Situation ${index}: my order ORD-1001 is wrong in way ${index}.`),
    );
    const model = writer(backend);
    const situations = await model.propose(request());
    const sent = backend.requests[0]!;
    expect(sent.system).toMatch(/^You write new situations to test a company's support assistant\./);
    expect(sent.response_format?.name).toBe('situation_cards');
    const targets = targetsOf(sent);
    expect(targets).toHaveLength(3);
    expect(targets[0]!.fill!.length).toBeGreaterThan(5);
    expect(targets[0]!.fill![0]).toMatch(/^\w+=.+ × \w+=.+$/);
    expect(targets.at(-1)).toMatchObject({ coordinates: FAILURE.dimensions, near_failure: expect.stringContaining('failed its checks') });
    expect(situations).toHaveLength(3);
    const cards = situations.map((cards) => cards[0]!);
    expect(cards.map((card) => card.ask)).toEqual(
      [0, 1, 2].map((index) => `Situation ${index}: my order ORD-1001 is wrong in way ${index}.`),
    );
    for (const card of cards) expect(card).toMatchObject({ arm: 'llm_guided', writer_model: MODEL, lineage: { writer_restart: 0 } });
    expect(cards[0]!.lineage).toMatchObject({ written_for: 'open_pairs', open_pairs: targets[0]!.fill });
    expect(cards[2]!.lineage).toMatchObject({ written_for: 'failure_region', near_failure: 7 });
    expect(cards[2]!.situation.dimensions).toEqual(FAILURE.dimensions);
    expect(model.report()).toMatchObject({ calls: 1, cards_asked: 3, cards_written: 3, kept: 3, invalid: 0 });
  });

  it('drops cards off the spec’s axes or the run’s plan, and follows a value the model moved', async () => {
    const zeroFaults = planGrid(spec.axes, { seed: 4, fault_rate: 0, prefer_success: true });
    const moved = (target: Dimensions, index: number): Dimensions => {
      if (index === 0) return { ...target, tool: 'teleport_parcel' };
      if (index === 1) return { ...target, tool: spec.tools[0]!.name, tool_condition: 'timeout' };
      return { ...target, history: 'repeat visit' };
    };
    const backend = new MockModelBackend(
      MODEL,
      writing((_, index) => `Ask number ${index} about ORD-1001, worded its own way.`, moved),
    );
    const model = writer(backend);
    const situations = await model.propose(request({ plan: zeroFaults }));
    expect(situations).toHaveLength(1);
    expect(situations[0]![0]!.situation.dimensions.history).toBe('repeat visit');
    expect(model.report()).toMatchObject({ invalid: 2, kept: 1 });
    expect(model.report().invalid_examples).toEqual([
      'tool "teleport_parcel" is not a value of the spec\'s tool axis',
      'tool_condition "timeout" is in no cell this run planned',
    ]);
  });

  it('drops duplicates and near copies of earlier asks, counts them, and names the asks to avoid', async () => {
    const asks = ['Where is my parcel ORD-1001? It was due on Monday.', 'Please refund ORD-1002, it arrived broken.'];
    const backend = new MockModelBackend(
      MODEL,
      writing((round, index) => (round === 0 ? asks[index]! : index === 0 ? asks[0]!.toUpperCase() : `${asks[1]!} Thanks`)),
    );
    const model = writer(backend);
    expect(await model.propose(request({ count: 2 }))).toHaveLength(2);
    expect(await model.propose(request({ count: 2, round: 1 }))).toEqual([]);
    expect(model.report()).toMatchObject({ kept: 2, duplicates: 1, near_copies: 1, idle_rounds: 1 });
    const prompt = backend.requests[1]!.messages[0]!.content as string;
    expect(prompt).toContain(`${AVOID_HEADING}\n- ${asks[0]}\n- ${asks[1]}`);
  });

  it('restarts after 4 idle rounds with its seed rotated by 997 and 8 asks to avoid, then stops the run: ask_exhausted', async () => {
    const first = (index: number) => `Fresh ask ${'abcdefghijkl'[index]} for order ORD-100${index % 10} please`;
    const backend = new MockModelBackend(
      MODEL,
      writing((round, index) => first(round === 0 ? index : 0)),
    );
    const model = writer(backend, 0);
    expect(await model.propose(request({ count: 12 }))).toHaveLength(12);
    for (let round = 1; round <= IDLE_ROUNDS_BEFORE_RESTART + 1; round++)
      expect(await model.propose(request({ count: 2, round }))).toEqual([]);
    const seedOf = (sent: GenerateRequest) => Number(/Variation seed: (\d+)/.exec(sent.messages[0]!.content as string)![1]);
    expect(backend.requests.map(seedOf)).toEqual([4, 4, 4, 4, 4, 4 + 997]);
    const avoided = (backend.requests[5]!.messages[0]!.content as string).split(`${AVOID_HEADING}\n`)[1]!.split('\n\n')[0]!.split('\n');
    expect(avoided).toEqual([4, 5, 6, 7, 8, 9, 10, 11].map((index) => `- ${first(index)}`));
    expect(model.report()).toMatchObject({ kept: 12, duplicates: 5 * 2, idle_rounds: 5, restarts: 1 });
    let stop: unknown;
    for (let round = 6; round < 6 + 4 * maxNoveltyRestarts(0) && stop === undefined; round++) {
      await model.propose(request({ count: 2, round })).catch((error: unknown) => (stop = error));
    }
    expect(RunStopError.isInstance(stop) && stop.stopped_because).toBe('ask_exhausted');
    expect(model.report().restarts).toBe(maxNoveltyRestarts(0));
  });

  it('hands a failed batch to the template writer, labelled, and stops the run on a refused key', async () => {
    const failing = writer(new MockModelBackend(MODEL, new ModelCallError('the server answered 500', { kind: 'server', spec: MODEL })));
    const situations = await failing.propose(request());
    expect(situations.length).toBeGreaterThan(0);
    for (const cards of situations) {
      expect(cards[0]).toMatchObject({ arm: 'llm_guided', writer_model: 'template', degraded: ['generator_fallback'] });
      expect(cards[0]!.writer_error).toContain('500');
    }
    expect(failing.report()).toMatchObject({ fallbacks: 1, kept: 0 });
    const refused = writer(new MockModelBackend(MODEL, new ModelCallError('401', { kind: 'auth', spec: MODEL })));
    await expect(refused.propose(request())).rejects.toSatisfy(
      (error: unknown) => RunStopError.isInstance(error) && error.stopped_because === 'writer_auth_failed',
    );
  });
});

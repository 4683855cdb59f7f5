import { describe, expect, it } from 'vitest';
import { planGrid } from '../coverage/plan-grid';
import { MockModelBackend } from '../models/__fixtures__/mock-backend';
import { ModelCallError } from '../models/model-call-error';
import { RunStopError } from '../models/run-stop-error';
import { SearchState } from '../simulate/search-state';
import { draftSpec } from '../spec/draft-spec';
import { toolKind } from '../spec/tool-kinds';
import { withModelWording, writerTemperature } from './model-wording';
import { createStructuredWriter } from './structured-writer';
import { templateWording } from './template-wording';
import type { WriterRequest } from './writer';

const SPEC = 'anthropic:claude-sonnet-4-5';
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 1 });
const plan = planGrid(spec.axes, { seed: 1, fault_rate: 0.5, prefer_success: true });
const request = (round: number): WriterRequest => ({
  count: 3,
  phrasings: 1,
  round,
  seed: 1,
  spec,
  plan,
  state: new SearchState(plan.planned),
  faults: { seed: 1, fault_rate: 0.5, prefer_success: true },
});

describe('a writer arm with a model wording its cards', () => {
  it('keeps the arm choosing the situation and person, and words each card with the aside, not the labels', async () => {
    const backend = new MockModelBackend(SPEC, (sent) => ({ text: `worded: ${sent.messages[0]!.content.length}` }));
    const template = await createStructuredWriter(toolKind, templateWording).propose(request(0));
    const proposed = await withModelWording(createStructuredWriter(toolKind, templateWording), backend).propose(request(0));
    expect(proposed.map((cards) => cards[0]!.situation)).toEqual(template.map((cards) => cards[0]!.situation));
    expect(proposed.map((cards) => cards[0]!.persona)).toEqual(template.map((cards) => cards[0]!.persona));
    expect(backend.requests).toHaveLength(0);
    const card = proposed[0]![0]!;
    const worded = await card.reword!();
    expect(worded).toEqual({ ask: expect.stringMatching(/^worded: \d+$/), writer_model: SPEC });
    const sent = backend.requests[0]!;
    expect(sent.messages[0]!.content).toContain(card.ask);
    expect(sent.messages[0]!.content).toContain(card.persona.aside);
    for (const label of card.persona.tags) expect(sent.messages[0]!.content).not.toContain(label);
    expect(sent.temperature).toBe(writerTemperature(1, 0));
    expect(sent.temperature).toBeGreaterThanOrEqual(0.45);
    expect(sent.temperature).toBeLessThanOrEqual(1.05);
  });

  it('words a card once, whatever the number of repeats', async () => {
    const backend = new MockModelBackend(SPEC, { text: 'hello' });
    const [cards] = await withModelWording(createStructuredWriter(toolKind, templateWording), backend).propose(request(1));
    const card = cards![0]!;
    await Promise.all([card.reword!(), { ...card, rollout_index: 1 }.reword!()]);
    expect(backend.requests).toHaveLength(1);
  });

  it('falls back to the template words with generator_fallback when the model fails or writes nothing', async () => {
    for (const reply of [new ModelCallError('answered 500: overloaded', { kind: 'server', spec: SPEC }), { text: '  ' }]) {
      const [cards] = await withModelWording(createStructuredWriter(toolKind, templateWording), new MockModelBackend(SPEC, reply)).propose(
        request(2),
      );
      const card = cards![0]!;
      expect(await card.reword!()).toEqual({
        ask: card.ask,
        writer_model: 'template',
        degraded: ['generator_fallback'],
        writer_error: expect.any(String),
      });
    }
  });

  it('stops the run when the key is refused or the account is empty', async () => {
    const [cards] = await withModelWording(
      createStructuredWriter(toolKind, templateWording),
      new MockModelBackend(SPEC, new ModelCallError('402', { kind: 'quota', spec: SPEC })),
    ).propose(request(3));
    await expect(cards![0]!.reword!()).rejects.toSatisfy(
      (error: unknown) => RunStopError.isInstance(error) && error.stopped_because === 'writer_quota_exceeded',
    );
  });
});

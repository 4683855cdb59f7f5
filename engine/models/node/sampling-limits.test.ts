import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelAgent } from '../../agents/model-agent';
import { planGrid } from '../../coverage/plan-grid';
import { refundRow } from '../../export/__fixtures__/refund-rows';
import { fixedClock } from '../../grade/judges/judge-clock';
import { rubricJudge } from '../../grade/judges/rubric-judge';
import { runJudge } from '../../grade/judges/run-judge';
import { SearchState } from '../../simulate/search-state';
import { draftSpec } from '../../spec/draft-spec';
import { toolKind } from '../../spec/tool-kinds';
import { withModelWording, writerTemperature } from '../../writers/model-wording';
import { createStructuredWriter } from '../../writers/structured-writer';
import { templateWording } from '../../writers/template-wording';
import { ModelCallError } from '../model-call-error';
import { REASONING_MAX_TOKENS, temperatureProblem } from '../model-limits';
import { parseModelSpec } from '../model-spec';
import { startLocalModelServer, type LocalModelServer } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

let server: LocalModelServer;
beforeAll(async () => {
  server = await startLocalModelServer();
});
afterAll(async () => server.close());

const backends = () =>
  new ModelBackends({
    key: () => 'sk-test-0b7c2e94d1a3f658',
    base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
    concurrency: 2,
    sleep: async () => undefined,
  });

const turn = {
  system_prompt: 'You help customers of a bookshop.',
  tools: [],
  messages: [{ role: 'user' as const, content: 'Do you sell maps?' }],
  rollout_key: '3:0',
};

const { spec } = draftSpec('a bookshop assistant that refunds only after the customer confirms the order', { seed: 1 });
const plan = planGrid(spec.axes, { seed: 1, fault_rate: 0.5, prefer_success: true });
const faults = { seed: 1, fault_rate: 0.5, prefer_success: true };
const writerRequest = (round: number) => ({
  count: 1,
  phrasings: 1,
  round,
  seed: 1,
  spec,
  plan,
  state: new SearchState(plan.planned),
  faults,
});
/** A batch whose drawn writer temperature is above 1. */
const hotRound = Array.from({ length: 200 }, (_, index) => index).find((index) => writerTemperature(1, index) > 1)!;

async function wordOneCard(backendSpec: string): Promise<{ writer_model: string; sent: unknown[] }> {
  const backend = backends().get(parseModelSpec(backendSpec));
  const [cards] = await withModelWording(createStructuredWriter(toolKind, templateWording), backend).propose(writerRequest(hotRound));
  const before = server.requests.length;
  const worded = await cards![0]!.reword!();
  return { writer_model: worded.writer_model, sent: server.requests.slice(before).map((request) => request.body.temperature) };
}

describe('temperatures within the provider range', () => {
  it("clamps the writer's own draw to Anthropic's 0 to 1, where the server refuses more with a 400", async () => {
    const anthropic = backends().get(parseModelSpec('anthropic:claude-haiku-4-5'));
    const refused = await anthropic
      .generate({ messages: [{ role: 'user', content: 'hi' }], temperature: writerTemperature(1, hotRound) })
      .catch((error: unknown) => error);
    expect(ModelCallError.isInstance(refused) && refused.kind).toBe('bad_request');

    expect(await wordOneCard('anthropic:claude-haiku-4-5')).toEqual({
      writer_model: `anthropic:claude-haiku-4-5@${server.anthropic_base_url}`,
      sent: [1],
    });
    expect(await wordOneCard('openai:gpt-4.1-mini')).toEqual({
      writer_model: `openai:gpt-4.1-mini@${server.openai_base_url}`,
      sent: [writerTemperature(1, hotRound)],
    });
  });

  it("names the provider's range for a setting outside it", () => {
    expect(temperatureProblem(parseModelSpec('anthropic:claude-haiku-4-5'), 1.4)).toBe(
      'anthropic:claude-haiku-4-5 takes a temperature from 0 to 1 (the anthropic API refuses others), not 1.4: set one in that range.',
    );
    expect(temperatureProblem(parseModelSpec('anthropic:claude-haiku-4-5'), 1)).toBeUndefined();
    expect(temperatureProblem(parseModelSpec('openai:gpt-4.1-mini'), 1.4)).toBeUndefined();
  });
});

describe("the clients' defaults", () => {
  it('sends the agent no temperature unless one is set, and stamps what was sent', async () => {
    const backend = backends().get(parseModelSpec('openai:gpt-4.1-mini'));
    const plain = await createModelAgent(backend).respond(turn);
    expect(server.requests.at(-1)!.body).not.toHaveProperty('temperature');
    expect(plain.sampling).toMatchObject({ temperature: null, max_tokens: 1024 });
    const set = await createModelAgent(backend, { temperature: 0.3 }).respond(turn);
    expect(server.requests.at(-1)!.body).toMatchObject({ temperature: 0.3 });
    expect(set.sampling).toMatchObject({ temperature: 0.3 });
  });

  it('gives a reasoning model room to reason before it answers: the agent and the judge', async () => {
    const registry = backends();
    for (const [model, cap] of [
      ['openai:o3-mini', REASONING_MAX_TOKENS],
      ['openai:gpt-5-mini', REASONING_MAX_TOKENS],
      ['openai:gpt-5-chat-latest', 1024],
      ['openai:gpt-4.1-mini', 1024],
    ] as const) {
      const reply = await createModelAgent(registry.get(parseModelSpec(model))).respond(turn);
      expect([model, server.requests.at(-1)!.body.max_completion_tokens, reply.sampling!.max_tokens]).toEqual([model, cap, cap]);
    }
    await createModelAgent(registry.get(parseModelSpec(`compatible:openai/gpt-oss-20b@${server.openai_base_url}`))).respond(turn);
    expect(server.requests.at(-1)!.body.max_tokens).toBe(REASONING_MAX_TOKENS);

    const judge = rubricJudge(registry.get(parseModelSpec('openai:o3-mini')), { rubric: 'Pass when the agent answers.' });
    const [graded] = await runJudge([refundRow()], judge, { clock: fixedClock('2026-12-01T00:00:00.000Z') });
    expect(server.requests.at(-1)!.body.max_completion_tokens).toBe(REASONING_MAX_TOKENS);
    expect(graded!.grade.provenance.settings).toMatchObject({ max_tokens: REASONING_MAX_TOKENS });
  });
});

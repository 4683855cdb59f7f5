import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../../../shared/domain';
import { createModelAgent } from '../../agents/model-agent';
import { planGrid } from '../../coverage/plan-grid';
import { ModelUser, USER_TURN_MAX_TOKENS } from '../../people/model-user';
import { UserTurnError } from '../../people/user-turn-error';
import { runRollout } from '../../rollout/run-rollout';
import { SearchState } from '../../simulate/search-state';
import { draftSpec } from '../../spec/draft-spec';
import { toolKind } from '../../spec/tool-kinds';
import { withModelWording, WRITER_MAX_TOKENS } from '../../writers/model-wording';
import { createStructuredWriter } from '../../writers/structured-writer';
import { templateWording } from '../../writers/template-wording';
import { CUT_RETRY_FACTOR } from '../generate-uncut';
import { parseModelSpec } from '../model-spec';
import { defaultBrain } from './__fixtures__/default-brain';
import { startLocalModelServer, type Brain, type LocalModelServer } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

let server: LocalModelServer;
beforeAll(async () => {
  server = await startLocalModelServer();
});
afterAll(async () => server.close());

const SPECS = ['openai:gpt-4.1-mini', 'anthropic:claude-haiku-4-5'] as const;
const backend = (spec: string) =>
  new ModelBackends({
    key: () => 'sk-test-6a2f0c8e4b1d9357',
    base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
    concurrency: 2,
  }).get(parseModelSpec(spec));

/** The default brain, except that its first `cuts` answers stop halfway, at the cap. */
function cutting(cuts: number): Brain {
  let left = cuts;
  return async (request) => {
    const reply = await defaultBrain(request);
    if (left <= 0) return reply;
    left--;
    const text = reply.text ?? '';
    return { ...reply, text: text.slice(0, Math.ceil(text.length / 2)), finish: 'length' };
  };
}

/** The caps the requests since `before` asked for, whichever protocol. */
const capsSince = (before: number) =>
  server.requests.slice(before).map((request) => request.body.max_completion_tokens ?? request.body.max_tokens);

const { spec } = draftSpec('a bookshop assistant that refunds only after the customer confirms the order', { seed: 2 });
const plan = planGrid(spec.axes, { seed: 2, fault_rate: 0.5, prefer_success: true });
const persona: Persona = { stance: 'hurried', tags: ['stance:hurried'], aside: 'You are in a hurry.', patience: 'endless' };

async function wordCard(modelSpec: string) {
  const writer = withModelWording(createStructuredWriter(toolKind, templateWording), backend(modelSpec));
  const [cards] = await writer.propose({
    count: 1,
    phrasings: 1,
    round: 0,
    seed: 2,
    spec,
    plan,
    state: new SearchState(plan.planned),
    faults: { seed: 2, fault_rate: 0.5, prefer_success: true },
  });
  return cards![0]!.reword!();
}

describe.each(SPECS)('replies cut at the token limit (%s)', (modelSpec) => {
  it('asks the writer again once with a higher cap, and never uses the cut message', async () => {
    server.setBrain(cutting(1));
    const before = server.requests.length;
    const worded = await wordCard(modelSpec);
    expect(worded.writer_model).toBe(backend(modelSpec).spec);
    expect(worded.ask.startsWith('Hey there.')).toBe(true);
    expect(capsSince(before)).toEqual([WRITER_MAX_TOKENS, WRITER_MAX_TOKENS * CUT_RETRY_FACTOR]);

    server.setBrain(cutting(2));
    const twice = await wordCard(modelSpec);
    expect(twice).toMatchObject({ writer_model: 'template', degraded: ['generator_fallback'] });
    expect(twice.writer_error).toBe(
      `${backend(modelSpec).spec} wrote a message cut off at the token limit twice (${WRITER_MAX_TOKENS}, then 1600 tokens)`,
    );
    server.setBrain(defaultBrain);
  });

  it("loses the rollout as the person's error when their line is cut twice, never saying half of it", async () => {
    const user = new ModelUser(backend(modelSpec), { known_ids: ['ORD-1001'] });
    const request = {
      persona,
      messages: [
        { role: 'user' as const, content: 'I want a refund.' },
        { role: 'assistant' as const, content: 'Which order is it?' },
      ],
      user_turns: 1,
      rollout_key: '2:0',
    };
    server.setBrain(cutting(1));
    expect(await user.reply(request)).toEqual({ kind: 'message', text: 'Sure, it is ORD-1001.' });
    server.setBrain(cutting(2));
    const failure = await user.reply(request).catch((error: unknown) => error);
    server.setBrain(defaultBrain);
    expect(UserTurnError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain(`cut off at the token limit twice (${USER_TURN_MAX_TOKENS}, then 1200 tokens)`);
  });

  it("keeps a cut agent reply, as the agent's own behaviour, and flags it", async () => {
    server.setBrain(cutting(1));
    const result = await runRollout({
      ask: 'Do you sell maps?',
      persona,
      system_prompt: 'You help customers of a bookshop.',
      tools: [],
      agent: createModelAgent(backend(modelSpec)),
      user: new ModelUser(backend(modelSpec)),
      world: { call: () => ({ result: { status: 'ok' }, fault: null }) },
      rollout_key: '2:1',
    });
    server.setBrain(defaultBrain);
    const reply = result.messages.find((message) => message.role === 'assistant');
    expect(reply).toMatchObject({ content: 'Thanks for reaching out. I', truncated: true });
    expect(result.finish_reason).toBe('length');
  });
});

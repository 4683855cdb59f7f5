import { describe, expect, it } from 'vitest';
import type { Row, SimulationSummary } from '../../shared/domain';
import { createModelAgent } from '../agents/model-agent';
import { MockModelBackend, type MockReply } from '../models/__fixtures__/mock-backend';
import type { GenerateRequest } from '../models/model-backend';
import { ModelCallError } from '../models/model-call-error';
import { checkRoles } from '../models/role-checks';
import { ModelUser } from '../people/model-user';
import { draftSpec } from '../spec/draft-spec';
import { withModelWording } from '../writers/model-wording';
import { offlineComponents } from './offline-components';
import { simulate } from './simulate';
import type { SimulateOptions } from './simulate-options';

const AGENT = 'openai:gpt-4.1-mini';
const WRITER = 'anthropic:claude-sonnet-4-5';
const USER = 'compatible:qwen3@http://127.0.0.1:9/v1';
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 4 });
const offline = offlineComponents(spec, { seed: 4 });

/** A cooperative agent: asks for a reference until it has one, then calls the first tool, then answers. */
function agentReply(request: GenerateRequest): MockReply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool')
    return {
      text: 'All done, the system says ok.',
      usage: { input_tokens: 20, output_tokens: 6 },
      logprobs: { sum: -1.5, n_tokens: 6, tokens: [] },
    };
  const said = request.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join(' ');
  if (!/\d{3}/.test(said))
    return {
      text: 'Could you give me the reference number?',
      usage: { input_tokens: 10, output_tokens: 7 },
      logprobs: { sum: -2, n_tokens: 7, tokens: [{ token: 'Could', logprob: -2 }] },
    };
  const tool = request.tools![0]!;
  return {
    tool_calls: [{ id: 'call_1', name: tool.name, arguments: {} }],
    finish_reason: 'tool_calls',
    usage: { input_tokens: 12, output_tokens: 9 },
  };
}

async function run(overrides: Partial<SimulateOptions>): Promise<{ rows: Row[]; summary: SimulationSummary; lost: string[] }> {
  const rows: Row[] = [];
  const lost: string[] = [];
  const events = simulate({
    ...offline,
    spec,
    seed: 4,
    budget: 12,
    phrasings: 1,
    repeats: 1,
    fault_rate: 0.5,
    prefer_success: true,
    concurrency: 4,
    ...overrides,
  });
  for (;;) {
    const next = await events.next();
    if (next.done) return { rows, summary: next.value, lost };
    if (next.value.type === 'row') rows.push(next.value.row);
    if (next.value.type === 'lost') lost.push(next.value.reason);
  }
}

describe('simulate with models in the roles', () => {
  it('stamps each row with the model of each role, the policy version, sampling, usage and log-probabilities', async () => {
    const agent = createModelAgent(new MockModelBackend(AGENT, agentReply), { logprobs: 'tokens', temperature: 0.6 });
    const userBackend = new MockModelBackend(USER, { text: 'It is ACC-2041.' });
    const writerBackend = new MockModelBackend(WRITER, (request) => ({ text: `Hi! ${request.messages[0]!.content.split('\n')[1]}` }));
    const { rows, summary } = await run({
      agent,
      createUser: () => new ModelUser(userBackend, { known_ids: spec.known_ids }),
      writers: offline.writers.map((writer) => withModelWording(writer, writerBackend)),
      notes: () => checkRoles({ agent: AGENT, simulator: WRITER, user_model: USER }),
    });
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toMatchObject({ agent_model: AGENT, user_model: USER, writer_model: WRITER, degraded: [] });
      expect(row.prompt.startsWith('Hi! ')).toBe(true);
      expect(row.policy_version).toMatch(/^openai:gpt-4\.1-mini@[0-9a-f]{16}$/);
      expect(row.sampling).toEqual({ model: AGENT, temperature: 0.6, max_tokens: 1024, logprobs: 'tokens' });
      expect(row.usage!.input_tokens).toBeGreaterThan(0);
    }
    const asked = rows.find((row) =>
      row.messages.some((message) => message.role === 'assistant' && message.content.startsWith('Could you')),
    );
    const question = asked?.messages.find((message) => message.role === 'assistant' && message.content.startsWith('Could you'));
    expect(question).toMatchObject({ logprob: -2, n_tokens: 7, token_logprobs: [{ token: 'Could', logprob: -2 }] });
    expect(summary.degraded).toEqual([]);
    expect(summary.warnings[0]).toContain('No model for judge');
  });

  it('adds same_model and the warning naming the setting when one model plays two roles', async () => {
    const { summary } = await run({ notes: () => checkRoles({ agent: AGENT, user_model: AGENT }) });
    expect(summary.degraded).toEqual(['same_model']);
    expect(summary.warnings[0]).toMatch(/The agent and the simulated person both run openai:gpt-4\.1-mini.*user_model=/);
  });

  it('re-rolls a turn with malformed tool-call JSON as an agent error once the model, told so, breaks it again', async () => {
    // Each broken turn is answered with the parse error once (the request then ends with that tool message).
    const agentBreaking = (times: number) => {
      let broken = times;
      return createModelAgent(
        new MockModelBackend(AGENT, (request) => {
          if (broken > 0 && (request.messages.length === 1 || request.messages.at(-1)?.role === 'tool')) {
            broken--;
            return {
              tool_call_problems: [{ id: 'c', name: 'x', kind: 'malformed_json', message: 'arguments are not JSON', raw: '{"a":' }],
            };
          }
          return { text: 'Sorry, I cannot help with that today.' };
        }),
      );
    };
    const twice = await run({ agent: agentBreaking(2), budget: 4, concurrency: 1 });
    expect(twice.rows).toHaveLength(4);
    expect(twice.summary.search.rollouts).toMatchObject({ rerolled: 1, lost: 0 });
    expect(twice.summary.degraded).toEqual([]);
    const once = await run({ agent: agentBreaking(1), budget: 4, concurrency: 1 });
    expect(once.summary.search.rollouts).toMatchObject({ rerolled: 0, lost: 0 });
  });

  it('stops with agent_auth_failed when the key is refused, saying why before anything else', async () => {
    const agent = createModelAgent(
      new MockModelBackend(
        AGENT,
        new ModelCallError(`${AGENT} refused the key from OPENAI_API_KEY (401): bad key`, { kind: 'auth', spec: AGENT }),
      ),
    );
    const { rows, summary } = await run({ agent, budget: 40 });
    expect(rows).toHaveLength(0);
    expect(summary.stopped_because).toBe('agent_auth_failed');
    expect(summary.warnings[0]).toBe(
      `The run stopped early: The agent's model ${AGENT} failed: ${AGENT} refused the key from OPENAI_API_KEY (401): bad key`,
    );
    expect(summary.search.rollouts.lost).toBe(0);
  });

  it('stops with writer_quota_exceeded and user_quota_exceeded on an empty account', async () => {
    const quota = (spec: string) => new ModelCallError('out of quota', { kind: 'quota', spec });
    const writerRun = await run({
      writers: offline.writers.map((writer) => withModelWording(writer, new MockModelBackend(WRITER, quota(WRITER)))),
    });
    expect(writerRun.summary.stopped_because).toBe('writer_quota_exceeded');
    expect(writerRun.summary.search.writer_errors).toEqual([`The writer's model ${WRITER} failed: out of quota`]);
    const asker = createModelAgent(new MockModelBackend(AGENT, { text: 'Which account is it?' }));
    const userRun = await run({ agent: asker, createUser: () => new ModelUser(new MockModelBackend(USER, quota(USER))) });
    expect(userRun.summary.stopped_because).toBe('user_quota_exceeded');
  });

  it('lets the template write when the model writer fails: rows say so, degraded gets generator_fallback', async () => {
    let calls = 0;
    const flaky = new MockModelBackend(WRITER, () =>
      calls++ % 3 === 0
        ? new ModelCallError(`${WRITER} answered 529: Overloaded`, { kind: 'server', spec: WRITER })
        : { text: 'worded by the model' },
    );
    const { rows, summary } = await run({ writers: offline.writers.map((writer) => withModelWording(writer, flaky)) });
    const fallen = rows.filter((row) => row.writer_model === 'template');
    expect(fallen.length).toBeGreaterThan(0);
    for (const row of fallen) expect(row.degraded).toEqual(['generator_fallback']);
    expect(rows.filter((row) => row.writer_model === WRITER).every((row) => row.prompt === 'worded by the model')).toBe(true);
    expect(summary.degraded).toEqual(['generator_fallback']);
    expect(summary.search.writer_errors.at(-1)).toMatch(/529: Overloaded$/);
    expect(summary.warnings.some((warning) => warning.startsWith(`The model writer failed on ${fallen.length} of 12 rows`))).toBe(true);
  });

  it('keeps the writer’s last error when the run ends with no rows', async () => {
    const writer = new MockModelBackend(WRITER, new ModelCallError(`${WRITER} answered 500: boom`, { kind: 'server', spec: WRITER }));
    const agent = createModelAgent(
      new MockModelBackend(AGENT, new ModelCallError(`${AGENT} answered 500: down`, { kind: 'server', spec: AGENT })),
    );
    const { rows, summary } = await run({ agent, budget: 4, writers: offline.writers.map((each) => withModelWording(each, writer)) });
    expect(rows).toHaveLength(0);
    expect(summary.stopped_because).toBe('agent_failed');
    expect(summary.search.writer_errors.at(-1)).toMatch(/answered 500: boom$/);
    expect(summary.degraded).toEqual(['agent_errors']);
  });

  it('loses a rollout whose simulated person cannot speak as user_error, never inventing a line', async () => {
    const asker = createModelAgent(new MockModelBackend(AGENT, { text: 'Which account is it?' }));
    const silent = new MockModelBackend(USER, new ModelCallError(`${USER} answered 500: down`, { kind: 'server', spec: USER }));
    const { rows, summary, lost } = await run({ agent: asker, budget: 3, createUser: () => new ModelUser(silent, {}) });
    expect(lost.length).toBeGreaterThan(0);
    expect(new Set(lost)).toEqual(new Set(['user_error']));
    expect(summary.degraded).toContain('user_errors');
    expect(
      summary.warnings.some((warning) => warning.includes(`first simulated-user error: UserTurnError: ${USER} answered 500: down`)),
    ).toBe(true);
    for (const row of rows) {
      expect(row.ended_by).toBe('user_left');
      expect(row.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    }
  });
  it('never pays the model writer again for rows a resumed run already has', async () => {
    const writer = new MockModelBackend(WRITER, { text: 'worded by the model' });
    const first = await run({ budget: 6, writers: offline.writers.map((each) => withModelWording(each, writer)) });
    const calls = writer.requests.length;
    const stored = new Map(first.rows.map((row) => [row.ordinal, row]));
    const resumed = await run({
      budget: 6,
      writers: offline.writers.map((each) => withModelWording(each, writer)),
      resume: { get: (ordinal) => stored.get(ordinal) },
    });
    expect(resumed.rows).toEqual(first.rows);
    expect(writer.requests.length).toBe(calls);
  });
});

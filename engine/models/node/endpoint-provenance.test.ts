import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelAgent } from '../../agents/model-agent';
import { rubricJudge } from '../../grade/judges/rubric-judge';
import { fixedClock } from '../../grade/judges/judge-clock';
import { runJudge } from '../../grade/judges/run-judge';
import { refundRow } from '../../export/__fixtures__/refund-rows';
import { parseModelSpec } from '../model-spec';
import { startLocalModelServer, type LocalModelServer } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

let server: LocalModelServer;
beforeAll(async () => {
  server = await startLocalModelServer();
});
afterAll(async () => server.close());

const overridden = () =>
  new ModelBackends({
    key: () => 'sk-test-5d1e9c3b7a20f846',
    base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
    concurrency: 2,
  });

describe('model specs name the server that answered', () => {
  it('reads openai:<model>@<base_url>, drops the provider default, and never shows credentials', () => {
    expect(parseModelSpec('openai:gpt-4.1-mini@http://proxy.lan:8080/v1/')).toEqual({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      base_url: 'http://proxy.lan:8080/v1',
      spec: 'openai:gpt-4.1-mini@http://proxy.lan:8080/v1',
    });
    expect(parseModelSpec('openai:gpt-4.1-mini@https://api.openai.com/v1')).toEqual({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      spec: 'openai:gpt-4.1-mini',
    });
    expect(parseModelSpec('anthropic:claude-haiku-4-5@https://api.anthropic.com').spec).toBe('anthropic:claude-haiku-4-5');
    const secret = parseModelSpec('compatible:m@http://ada:s3cret-pass@gpu.lan:8000/v1');
    expect(secret.base_url).toBe('http://ada:s3cret-pass@gpu.lan:8000/v1');
    expect(secret.spec).toBe('compatible:m@http://gpu.lan:8000/v1');
  });

  it('stamps rows and grades with the base URL an environment override pointed the hosted specs at', async () => {
    const backends = overridden();
    const agentBackend = backends.get(parseModelSpec('openai:gpt-4.1-mini'));
    expect(agentBackend.spec).toBe(`openai:gpt-4.1-mini@${server.openai_base_url}`);
    expect(backends.get(parseModelSpec('anthropic:claude-haiku-4-5')).spec).toBe(`anthropic:claude-haiku-4-5@${server.anthropic_base_url}`);
    // The same model asked for with its URL written out is the same backend.
    expect(backends.get(parseModelSpec(agentBackend.spec))).toBe(agentBackend);

    const reply = await createModelAgent(agentBackend).respond({
      system_prompt: 'You help customers.',
      tools: [],
      messages: [{ role: 'user', content: 'Hello?' }],
      rollout_key: '1:0',
    });
    expect(reply.sampling?.model).toBe(agentBackend.spec);
    expect(reply.policy_version).toMatch(
      new RegExp(`^openai:gpt-4\\.1-mini@${server.openai_base_url.replace(/\./g, '\\.')}@[0-9a-f]{16}$`),
    );

    const judge = rubricJudge(backends.get(parseModelSpec('anthropic:claude-haiku-4-5')), { rubric: 'Pass when the agent answers.' });
    const [graded] = await runJudge([refundRow()], judge, { clock: fixedClock('2026-12-01T00:00:00.000Z') });
    expect(graded!.grade.provenance.model).toBe(`anthropic:claude-haiku-4-5@${server.anthropic_base_url}`);
    expect(graded!.grade.provenance.version).toMatch(/^anthropic:claude-haiku-4-5@http:\/\/127\.0\.0\.1:\d+@[0-9a-f]{16}$/);
  });

  it('keeps the plain spec on the provider default', () => {
    const backends = new ModelBackends({ key: () => 'sk-test-5d1e9c3b7a20f846', concurrency: 1 });
    expect(backends.get(parseModelSpec('openai:gpt-4.1-mini')).spec).toBe('openai:gpt-4.1-mini');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModelSpec } from '../model-spec';
import { probeModel } from '../probe-model';
import { startLocalModelServer, type LocalModelServer } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

const KEY = 'sk-test-93be0f2c5d7a1e46';
let server: LocalModelServer;
beforeAll(async () => {
  server = await startLocalModelServer({ key: KEY });
});
afterAll(async () => server.close());

const probe = (spec: string, key = KEY) =>
  probeModel(
    new ModelBackends({
      key: () => key,
      base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
      concurrency: 1,
      retry: { max_retries: 1, initial_delay_ms: 1, max_delay_ms: 1, max_wait_ms: 1 },
    }).get(parseModelSpec(spec)),
  );

describe('the pre-flight probe: one 1-token call per model', () => {
  it('passes a model that answers, and sends one small request', async () => {
    const before = server.requests.length;
    expect(await probe(`compatible:qwen3:8b@${server.openai_base_url}`)).toEqual({
      ok: true,
      spec: `compatible:qwen3:8b@${server.openai_base_url}`,
    });
    expect(server.requests.slice(before).map((request) => request.body.max_tokens)).toEqual([1]);
    expect((await probe('anthropic:claude-haiku-4-5')).ok).toBe(true);
  });

  it('blocks a base URL without /v1, whose server answers 404, and says to add /v1', async () => {
    const result = await probe(`compatible:qwen3:8b@${server.url}`);
    expect(result).toMatchObject({ ok: false, kind: 'not_found', blocks: true });
    expect(!result.ok && result.message).toContain(
      `answered 404: no route POST /chat/completions (OpenAI-compatible servers such as vLLM, Ollama and llama.cpp answer under /v1: ` +
        `write compatible:qwen3:8b@${server.url}/v1)`,
    );
  });

  it('tells an Anthropic base URL ending in /v1 to drop it: the client adds /v1/messages', async () => {
    const result = await probe(`anthropic:claude-haiku-4-5@${server.url}/v1`);
    expect(!result.ok && result.message).toContain(`drop the /v1 and write anthropic:claude-haiku-4-5@${server.url}`);
  });

  it('blocks a refused key and an empty account, naming where the key came from and never the key', async () => {
    const refused = await probe('openai:gpt-4.1-mini', 'sk-wrong-71c0d9e2a4b5f386');
    expect(refused).toMatchObject({ ok: false, kind: 'auth', blocks: true });
    expect(!refused.ok && refused.message).toContain('refused the key from OPENAI_API_KEY (401)');
    expect(!refused.ok && refused.message).not.toContain('sk-wrong-71c0d9e2a4b5f386');

    server.setFaults(() => ({ kind: 'quota' }));
    const empty = await probe('anthropic:claude-haiku-4-5');
    server.setFaults(undefined);
    expect(empty).toMatchObject({ ok: false, kind: 'quota', blocks: true });
  });

  it('only warns about a server that stays busy or is not up: the run retries such calls', async () => {
    server.setFaults(() => ({ kind: 'server_error' }));
    const busy = await probe('openai:gpt-4.1-mini');
    server.setFaults(undefined);
    expect(busy).toMatchObject({ ok: false, kind: 'server', blocks: false });
    expect(await probe('compatible:llama-3.1-8b@http://127.0.0.1:9/v1')).toMatchObject({ ok: false, kind: 'connection', blocks: false });
  });
});

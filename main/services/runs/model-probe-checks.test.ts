import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreflightConfig } from '../../../shared/api/runs';
import { RunConfig } from '../../../shared/domain';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { roleComponents } from '../settings/model-roles';
import { keyRing, MemoryKeyStore } from '../settings/secrets';
import { preflightRun } from './run-preflight';
import { draftFromSentence } from './specs-service';

const KEY = 'sk-test-2f7d4b9a0c6e1853';
const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';

let server: LocalModelProcess;
let context: AppContext;
let store: MemoryKeyStore;
beforeAll(async () => {
  server = await startLocalModelProcess(['--key', KEY]);
  store = new MemoryKeyStore();
  for (const variable of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', `WAI_KEY_127_0_0_1_${new URL(server.url).port}`]) store.set(variable, KEY);
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-probe-')), mode: 'desktop', keys: store });
}, 20_000);
afterAll(async () => {
  await closeAppContext(context);
  await server.stop();
});

const config = (models: Record<string, string>, extra: Record<string, unknown> = {}) =>
  PreflightConfig.parse({ source: { kind: 'describe', sentence: SENTENCE }, budget: 20, models, ...extra });
const modelChecks = async (models: Record<string, string>, extra: Record<string, unknown> = {}) =>
  (await preflightRun(context, config(models, extra))).checks.filter((check) => check.id.startsWith('model_'));

describe('the pre-flight probe and sampling ranges, against the local protocol server', () => {
  it('passes models that answer one test call, each distinct model once, and does not ask again at once', async () => {
    const agent = `openai:gpt-4.1-mini@${server.openai_base_url}`;
    const before = (await server.requests()).count;
    expect(await modelChecks({ agent, simulator: `anthropic:claude-haiku-4-5@${server.anthropic_base_url}`, judge: agent })).toEqual([]);
    expect((await server.requests()).count - before).toBe(2);
    expect(await modelChecks({ agent })).toEqual([]);
    expect((await server.requests()).count - before).toBe(2);
  });

  it('blocks an OpenAI-compatible base URL without /v1 before the run, saying to add it', async () => {
    const checks = await modelChecks({ user_model: `compatible:qwen3:8b@${server.url}` });
    expect(checks).toEqual([
      {
        id: 'model_probe',
        level: 'error',
        path: 'models.user_model',
        message:
          `models.user_model: One test call to the simulated person's model failed, so every call of the run would: ` +
          `compatible:qwen3:8b@${server.url} answered 404: no route POST /chat/completions (OpenAI-compatible servers such as vLLM, ` +
          `Ollama and llama.cpp answer under /v1: write compatible:qwen3:8b@${server.url}/v1)`,
      },
    ]);
  });

  it('blocks a refused key there, naming where it came from and never the key', async () => {
    store.set('ANTHROPIC_API_KEY', 'sk-wrong-4c8e0a2d6f1b9735');
    try {
      const checks = await modelChecks({ simulator: `anthropic:claude-opus-4-1@${server.anthropic_base_url}` });
      expect(checks).toMatchObject([{ id: 'model_probe', level: 'error', path: 'models.simulator' }]);
      expect(checks[0]!.message).toContain('refused the key from ANTHROPIC_API_KEY (401)');
      expect(checks[0]!.message).not.toContain('sk-wrong-4c8e0a2d6f1b9735');
    } finally {
      store.set('ANTHROPIC_API_KEY', KEY);
    }
  });

  it("refuses a temperature outside the agent's provider range, naming the range, before the run starts", async () => {
    const agent = `anthropic:claude-haiku-4-5@${server.anthropic_base_url}`;
    expect(await modelChecks({ agent }, { temperature: 1.4 })).toEqual([
      {
        id: 'model_temperature',
        level: 'error',
        path: 'temperature',
        message: `temperature: ${agent} takes a temperature from 0 to 1 (the anthropic API refuses others), not 1.4: set one in that range.`,
      },
    ]);
    expect(await modelChecks({ agent }, { temperature: 1 })).toEqual([]);
    expect(await modelChecks({ agent: `openai:gpt-4.1-mini@${server.openai_base_url}` }, { temperature: 1.4 })).toEqual([]);

    const run = RunConfig.parse({ source: { kind: 'describe', sentence: SENTENCE }, models: { agent }, temperature: 1.4 });
    const spec = draftFromSentence(SENTENCE, 0).spec;
    const refused = (() => {
      try {
        roleComponents(run, spec, { keys: keyRing({}, { ANTHROPIC_API_KEY: KEY }) });
      } catch (error) {
        return error;
      }
    })();
    expect(ServiceError.isInstance(refused) && refused.issues).toEqual([
      { path: 'temperature', message: expect.stringContaining('0 to 1') },
    ]);
  });
});

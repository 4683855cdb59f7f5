import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { draftSpec } from '../../../engine/index';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { missingKeyIssues, modelJudge, roleComponents } from './model-roles';
import { checkModels, listModelKeys, setModelKey } from './models-service';
import { createRun } from '../runs/runs-service';
import { keyRing } from './secrets';
import { ServiceError } from '../app/service-error';

const SENTENCE = 'a personal finance assistant that confirms before it moves money';
const { spec } = draftSpec(SENTENCE, { seed: 0 });
const config = (models: Record<string, string>) => RunConfig.parse({ source: { kind: 'describe', sentence: SENTENCE }, models, budget: 8 });

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

describe('config.models as components', () => {
  it('leaves an offline run exactly as it was', () => {
    const roles = roleComponents(config({}), spec, { keys: keyRing({}) });
    expect(roles.components).toEqual({});
    expect(roles.notes()).toEqual({ degraded: [], warnings: [] });
  });

  it('refuses a slash form or a bare name at runs.start, naming the field and the colon form', async () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-roles-')), mode: 'browser' });
    const failure = await createRun(context, config({ agent: 'openai/gpt-4.1-mini', judge: 'gpt-4.1' })).catch((error: unknown) => error);
    expect(ServiceError.isInstance(failure) && failure.code).toBe('VALIDATION_FAILED');
    expect((failure as ServiceError).issues).toEqual([
      { path: 'models.agent', message: '"openai/gpt-4.1-mini" uses a slash: model specs use a colon. Write openai:gpt-4.1-mini.' },
      { path: 'models.judge', message: '"gpt-4.1" names no provider: write openai:gpt-4.1.' },
    ]);
    const wrongRole = await createRun(context, config({ simulator: 'demo' })).catch((error: unknown) => error);
    expect((wrongRole as ServiceError).issues?.[0]?.path).toBe('models.simulator');
  });

  it('names hosted models without a key, and the run fails at once with the same message', () => {
    expect(
      missingKeyIssues({ agent: 'openai:gpt-4.1-mini', user_model: 'compatible:m@http://127.0.0.1:9/v1' }, { keys: keyRing({}) }),
    ).toEqual([
      {
        path: 'models.agent',
        message:
          'No key for openai:gpt-4.1-mini: set OPENAI_API_KEY in the environment of the process that runs While (the desktop app can ' +
          'also store one in Settings).',
      },
    ]);
    // Where the app runs decides where a key can go: browser mode cannot store one in Settings.
    const [browser] = missingKeyIssues({ agent: 'openai:gpt-4o' }, { keys: keyRing({}), mode: 'browser' });
    expect(browser!.message).toBe(
      'No key for openai:gpt-4o: browser mode reads keys only from the environment of the server, not from Settings: stop the server ' +
        'and start it again with OPENAI_API_KEY set (e.g. OPENAI_API_KEY=… npm run serve).',
    );
    const [desktop] = missingKeyIssues({ agent: 'openai:gpt-4o' }, { keys: keyRing({}), mode: 'desktop' });
    expect(desktop!.message).toContain('store one in Settings (Model API keys)');
    const [cli] = missingKeyIssues({ judge: 'anthropic:claude-haiku-4-5' }, { keys: keyRing({}), mode: 'cli' });
    expect(cli!.message).toBe(
      'No key for anthropic:claude-haiku-4-5: set ANTHROPIC_API_KEY in the environment (e.g. export ANTHROPIC_API_KEY=…).',
    );
    expect(() => roleComponents(config({ agent: 'anthropic:claude-sonnet-5' }), spec, { keys: keyRing({}) })).toThrow(
      /set ANTHROPIC_API_KEY/,
    );
  });
});

describe('the models methods', () => {
  it('check the four roles without calling a model, and never hand a key to the renderer', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-roles-')), mode: 'browser' });
    expect(checkModels(context, { agent: 'openai/gpt-4.1' }).issues).toEqual([
      { path: 'models.agent', message: '"openai/gpt-4.1" uses a slash: model specs use a colon. Write openai:gpt-4.1.' },
    ]);
    const notes = checkModels(context, {
      agent: 'compatible:qwen3@http://127.0.0.1:9/v1',
      user_model: 'compatible:qwen3@http://127.0.0.1:9/v1',
    });
    expect(notes).toMatchObject({ issues: [], degraded: ['same_model'] });
    expect(listModelKeys(context)).toMatchObject({ can_store: false });
    expect(() => setModelKey(context!, 'OPENAI_API_KEY', 'sk-x')).toThrow(/only in the desktop app/);
  });
});

describe('roles on the local model server', () => {
  let server: LocalModelProcess;
  beforeAll(async () => {
    server = await startLocalModelProcess();
  }, 20_000);
  afterAll(async () => server.stop());

  it('builds each role, notes same_model with the setting that separates them, and drafts with the simulator', async () => {
    const model = `compatible:qwen3@${server.openai_base_url}`;
    const roles = roleComponents(
      config({ agent: model, user_model: model, simulator: `compatible:llama3@${server.openai_base_url}` }),
      spec,
      { keys: keyRing({}) },
    );
    expect(roles.components.agent?.model).toBe(model);
    expect(roles.components.writers?.map((writer) => writer.model)).toEqual(Array(5).fill(`compatible:llama3@${server.openai_base_url}`));
    expect(roles.components.createUser?.(undefined as never).model).toBe(model);
    expect(roles.notes().degraded).toEqual(['same_model']);
    expect(roles.notes().warnings[0]).toContain('user_model= (models.user_model; --user-model)');

    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-roles-')), mode: 'browser' });
    const run = await createRun(context, config({ simulator: `compatible:llama3@${server.openai_base_url}` }));
    expect(run.warnings[0]).toBe(
      `the spec was drafted by compatible:llama3@${server.openai_base_url}: review its tools and rules before a run`,
    );
  });

  it('gives the grading jobs a rubric or decision judge on a model', () => {
    const rubric = modelJudge(`compatible:phi-4@${server.openai_base_url}`, { rubric: 'Pass when polite.', keys: keyRing({}) });
    expect(rubric?.label_source).toBe('judge');
    const decision = modelJudge(`decision:compatible:jev@${server.openai_base_url}`, { rubric: '', keys: keyRing({}) });
    expect(decision?.label_source).toBe('decision');
    expect(modelJudge('offline', { rubric: '', keys: keyRing({}) })).toBeUndefined();
  });
});

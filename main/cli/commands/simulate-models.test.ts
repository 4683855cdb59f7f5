import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Row, RunConfig, type Spec } from '../../../shared/domain';
import { fixedClock, rubricHash, runJudge } from '../../../engine/index';
import { closeAppContext, createAppContext } from '../../services/app/app-context';
import { modelJudge } from '../../services/settings/model-roles';
import { executeRun } from '../../services/runs/run-executor';
import { createRun, requireRun } from '../../services/runs/runs-service';
import { keyRing } from '../../services/settings/secrets';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const KEY = 'sk-test-7Qe2VbN9xLp4Kd81';
const WRONG_KEY = 'sk-wrong-3Hf8ZsT1mWq6Yc05';
const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';

let server: LocalModelProcess;
let environment: NodeJS.ProcessEnv;
let compatibleKeyVariable: string;

beforeAll(async () => {
  server = await startLocalModelProcess([
    '--key',
    KEY,
    '--fault-share',
    '0.12',
    '--fault-kinds',
    'rate_limit,server_error,broken_tool_json',
  ]);
  const port = new URL(server.url).port;
  compatibleKeyVariable = `WAI_KEY_127_0_0_1_${port}`;
  environment = {
    ...process.env,
    OPENAI_API_KEY: KEY,
    ANTHROPIC_API_KEY: KEY,
    [compatibleKeyVariable]: KEY,
    OPENAI_BASE_URL: server.openai_base_url,
    ANTHROPIC_BASE_URL: server.anthropic_base_url,
  };
}, 20_000);
afterAll(async () => server.stop());

function wai(dataDir: string, args: string[], env: NodeJS.ProcessEnv = environment) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Every file under a folder, as bytes (the database, its WAL, exports), so a key in any of them is found. */
function filesUnder(folder: string): { path: string; bytes: Buffer }[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

function holding(files: { path: string; bytes: Buffer }[], secret: string): string[] {
  return files.filter((file) => file.bytes.includes(secret)).map((file) => file.path);
}

describe('wai simulate with all four roles on the local model server', () => {
  it('completes with each role on its model, faults shown as retries or agent errors, and no key anywhere', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-models-'));
    mkdirSync(join(dataDir, 'exports'));
    const out = join(dataDir, 'exports', 'rows.jsonl');
    const agent = 'openai:gpt-4.1-mini';
    const simulator = 'anthropic:claude-sonnet-5';
    const userModel = `compatible:qwen3:8b@${server.openai_base_url}`;
    const judge = `compatible:phi-4@${server.openai_base_url}`;
    const run = wai(dataDir, [
      'simulate',
      '--describe',
      SENTENCE,
      '--rows',
      '12',
      '--seed',
      '2',
      '--agent',
      agent,
      '--simulator',
      simulator,
      '--user-model',
      userModel,
      '--judge',
      judge,
      '--logprobs',
      '--out',
      out,
    ]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('stopped because budget');
    expect(run.output).toMatch(/model calls were retried/);
    // OPENAI_BASE_URL and ANTHROPIC_BASE_URL point the hosted specs at the local server: provenance names it.
    const agentThere = `${agent}@${server.openai_base_url}`;
    const simulatorThere = `${simulator}@${server.anthropic_base_url}`;

    const db = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
    const stored = db.prepare('SELECT status, degraded, warnings, summary, config FROM runs').get() as {
      status: string;
      degraded: string;
      warnings: string;
      summary: string;
      config: string;
    };
    const spec = JSON.parse((db.prepare('SELECT body FROM specs').get() as { body: string }).body) as Spec;
    db.close();
    expect(stored.status).toBe('completed');
    expect(spec.tools.map((tool) => tool.name)).toEqual(['get_order', 'refund_order']);
    const warnings = JSON.parse(stored.warnings) as string[];
    expect(warnings.some((warning) => warning.includes(`drafted by ${simulatorThere}`))).toBe(true);
    expect(JSON.parse(stored.config)).toMatchObject({
      models: { agent: agentThere, simulator: simulatorThere, user_model: userModel, judge },
    });

    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => Row.parse(JSON.parse(line)));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.agent_model).toBe(agentThere);
      expect(row.user_model).toBe(userModel);
      expect([simulatorThere, 'template']).toContain(row.writer_model);
      if (row.writer_model === 'template') expect(row.degraded).toEqual(['generator_fallback']);
      expect(row.policy_version).toMatch(/^openai:gpt-4\.1-mini@http:\/\/127\.0\.0\.1:\d+\/v1@[0-9a-f]{16}$/);
      // No --temperature: none was sent, as the clients send none.
      expect(row.sampling).toEqual({ model: agentThere, temperature: null, max_tokens: 1024, logprobs: true });
      for (const turn of row.messages) {
        if (turn.role !== 'assistant') continue;
        // A turn of tool calls only has no log-probabilities: null, never 0.
        if (turn.content === '') expect(turn).toMatchObject({ logprob: null, n_tokens: null });
        else expect(typeof turn.logprob === 'number' && typeof turn.n_tokens === 'number').toBe(true);
      }
    }
    expect(rows.some((row) => row.writer_model === simulatorThere)).toBe(true);
    expect(rows.some((row) => row.messages.filter((message) => message.role === 'user').length > 1)).toBe(true);

    const seen = await server.requests();
    expect(Object.keys(seen.faults).length).toBeGreaterThan(0);
    const summary = JSON.parse(stored.summary) as { search: { rollouts: { rerolled: number; lost: number } } };
    const degraded = JSON.parse(stored.degraded) as string[];
    // Every injected fault is accounted for: HTTP faults as retries (warned); broken tool JSON (only a reply calling a
    // tool can break, so only the agent's) as malformed tool calls (warned: each went back to the model once as its
    // error), and as a re-roll or a loss when the model broke the same turn twice.
    if ((seen.faults.broken_tool_json ?? 0) > 0) {
      expect(
        warnings.some((warning) => warning.startsWith(`${agentThere}: `) && warning.includes('tool calls had malformed arguments')),
      ).toBe(true);
      if (summary.search.rollouts.lost > 0) expect(degraded.some((code) => code === 'agent_errors' || code === 'user_errors')).toBe(true);
    }
    expect(seen.models['anthropic:claude-sonnet-5']).toBeGreaterThan(0);
    expect(seen.models['openai:qwen3:8b']).toBeGreaterThan(0);

    // The judge role: a rubric judge on the local server grades the stored rows and stamps its model.
    const rubricJudge = modelJudge(judge, {
      rubric: 'Pass when the agent answers the person.',
      keys: keyRing(environment),
      sleep: async () => undefined,
    });
    const graded = await runJudge(rows.slice(0, 4), rubricJudge!, { clock: fixedClock('2025-01-01T00:00:00.000Z') });
    for (const item of graded) {
      expect(item.grade.provenance).toMatchObject({
        model: judge,
        version: expect.stringMatching(/^compatible:phi-4@http:\/\/127\.0\.0\.1:\d+\/v1@[0-9a-f]{16}$/),
      });
      expect(item.grade.judge_status).toBe('ok');
    }

    // The judge role in grading: `wai grade` with a rubric judge and a decision judge on the local server.
    const runId = readRunId(dataDir);
    const gradedRubric = wai(dataDir, [
      'grade',
      runId,
      '--judge',
      judge,
      '--rubric',
      'Pass when the agent answers the person.',
      '--concurrency',
      '4',
    ]);
    expect(gradedRubric.status, gradedRubric.output).toBe(0);
    const hash = rubricHash('Pass when the agent answers the person.');
    expect(gradedRubric.output).toContain(`\nrubric@${judge}@${hash}  (judge, model ${judge}, rubric ${hash}, version ${judge}@${hash})\n`);
    const gradedDecision = wai(dataDir, ['grade', runId, '--judge', `decision:${agent}`]);
    expect(gradedDecision.status, gradedDecision.output).toBe(0);
    expect(gradedDecision.output).toContain(
      `decision@${agentThere}@decision  (decision, model ${agentThere}, version ${agentThere}@decision)`,
    );
    const gradesDb = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
    const models = gradesDb
      .prepare("SELECT DISTINCT json_extract(provenance, '$.model') AS model FROM grades WHERE label_source != 'conduct' ORDER BY model")
      .all();
    gradesDb.close();
    expect(models).toEqual([{ model: judge }, { model: agentThere }].sort((left, right) => left.model.localeCompare(right.model)));

    // Every row, graded or not: an export that would write nothing is refused, and the files are what is searched for the key.
    const exported = wai(dataDir, ['export', runId, '--out', join(dataDir, 'exports', 'sft'), '--select', 'all', '--no-validate']);
    expect(exported.status, exported.output).toBe(0);
    const files = filesUnder(dataDir);
    expect(files.some((file) => file.path.endsWith('.sqlite'))).toBe(true);
    expect(files.filter((file) => file.path.includes(join('exports', 'sft'))).length).toBeGreaterThan(0);
    const lines = files
      // Strict files: the model that answered is in the metadata file beside each split.
      .filter((file) => file.path.includes(join('exports', 'sft')) && file.path.endsWith('.meta.jsonl'))
      .flatMap((file) => file.bytes.toString('utf8').split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { agent_model: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line.agent_model))).toEqual(new Set([agentThere]));
    expect(holding(files, KEY)).toEqual([]);
    expect([run, gradedRubric, gradedDecision, exported].some((command) => command.output.includes(KEY))).toBe(false);
  }, 120_000);

  it('stops a run whose key is refused with agent_auth_failed, and never stores the key the server echoed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-models-auth-'));
    const context = createAppContext({ dataDir, mode: 'cli' });
    try {
      const config = RunConfig.parse({
        source: { kind: 'describe', sentence: SENTENCE },
        models: { agent: 'openai:gpt-4.1-mini' },
        budget: 8,
      });
      const run = await createRun(context, config);
      const summary = await executeRun({ db: context.db, runId: run.id, keys: keyRing({ ...environment, OPENAI_API_KEY: WRONG_KEY }) });
      expect(summary.stopped_because).toBe('agent_auth_failed');
      expect(summary.rows).toBe(0);
      expect(summary.warnings[0]).toContain('refused the key from OPENAI_API_KEY (401)');
      expect(JSON.stringify(summary)).not.toContain(WRONG_KEY);
      const stored = requireRun(context, run.id);
      expect(stored).toMatchObject({ status: 'failed', stopped_because: 'agent_auth_failed', error: expect.stringContaining('(401)') });
    } finally {
      await closeAppContext(context);
    }
    expect(holding(filesUnder(dataDir), WRONG_KEY)).toEqual([]);
  });

  it("starts nothing, as the app does, when a role's model has no key", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-models-no-key-'));
    const { OPENAI_API_KEY: _key, ...withoutKey } = environment;
    const result = wai(dataDir, ['simulate', '--describe', SENTENCE, '--rows', '2', '--agent', 'openai:gpt-4.1-mini'], withoutKey);
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `wai: Nothing was started:\n  models.agent: No key for openai:gpt-4.1-mini@${server.openai_base_url}: set OPENAI_API_KEY`,
    );
    expect(wai(dataDir, ['runs', 'list']).output).toContain(`No runs yet in ${dataDir}.`);
  }, 60_000);
});

describe('wai simulate refuses before anything is stored', () => {
  it("a temperature outside the agent's provider range, and a base URL whose server answers 404", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-models-refused-'));
    const hot = wai(dataDir, [
      'simulate',
      '--describe',
      SENTENCE,
      '--rows',
      '2',
      '--agent',
      'anthropic:claude-haiku-4-5',
      '--temperature',
      '1.5',
    ]);
    expect(hot.status).toBe(1);
    expect(hot.output).toContain(
      'wai: Nothing was started:\n  temperature: anthropic:claude-haiku-4-5 takes a temperature from 0 to 1 (the anthropic API refuses ' +
        'others), not 1.5: set one in that range.',
    );
    const withoutV1 = wai(dataDir, ['simulate', '--describe', SENTENCE, '--rows', '2', '--agent', `compatible:qwen3:8b@${server.url}`]);
    expect(withoutV1.status).toBe(1);
    expect(withoutV1.output).toContain(`answered 404`);
    expect(withoutV1.output).toContain(`write compatible:qwen3:8b@${server.url}/v1`);
    expect(wai(dataDir, ['runs', 'list']).output).toContain(`No runs yet in ${dataDir}.`);
  }, 90_000);
});

function readRunId(dataDir: string): string {
  const db = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT id FROM runs').get() as { id: string }).id;
  } finally {
    db.close();
  }
}

// The keys never leave the process that holds them: browser mode runs a simulation with all four roles on the local
// model server (the key in the environment), grades with a model judge, takes labels, exports to a folder, to the Hub
// and pushes a folder (the Hugging Face token in the environment, and one given in Settings). Then every byte it
// left behind is searched for both secrets: the data folder (database, WAL, key files), the export folders, every
// file the local Hub received, the server's own output (its log), the event stream and every API answer.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../shared/domain';
import { startHubServer, type HubServer } from '../test-support/hub-server';
import { startLocalModelProcess, type LocalModelProcess } from '../test-support/local-model-process';
import { call, callOk, childEnvironment, spawnWai, startServer, stopGently, waitFor, type ServerProcess } from './crash-harness';

const MODEL_KEY = 'sk-leakcheck-9Rz2Qv7Lm4Xw81Tb';
const HUB_TOKEN = 'hf_leakcheckEnv5Kq8Wd2Zr7Np4';
const SETTINGS_HUB_TOKEN = 'hf_leakcheckSettings3Jh6Vc1';
const SECRETS = [MODEL_KEY, HUB_TOKEN, SETTINGS_HUB_TOKEN];

let models: LocalModelProcess;
let hub: HubServer;
let server: ServerProcess;
let root: string;
/** Every answer and event the page could have seen, as text. */
const seenByPage: string[] = [];
let events = '';
let stopEvents: () => void = () => undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'while-leak-'));
  models = await startLocalModelProcess(['--key', MODEL_KEY, '--fault-share', '0.1', '--fault-kinds', 'rate_limit,server_error']);
  hub = await startHubServer();
  const port = new URL(models.url).port;
  server = await startServer(
    join(root, 'data'),
    childEnvironment({
      OPENAI_API_KEY: MODEL_KEY,
      ANTHROPIC_API_KEY: MODEL_KEY,
      [`WAI_KEY_127_0_0_1_${port}`]: MODEL_KEY,
      OPENAI_BASE_URL: models.openai_base_url,
      ANTHROPIC_BASE_URL: models.anthropic_base_url,
      HF_TOKEN: HUB_TOKEN,
    }),
  );
  const request = httpRequest(
    { host: '127.0.0.1', port: new URL(server.origin).port, path: '/api/events', headers: { Authorization: `Bearer ${server.token}` } },
    (response) => {
      response.on('data', (chunk: Buffer) => (events += chunk.toString()));
    },
  );
  request.on('error', () => undefined);
  request.end();
  stopEvents = () => request.destroy();
}, 120_000);

afterAll(async () => {
  stopEvents();
  if (server) await stopGently(server.child, server.exited);
  await hub?.close();
  await models?.stop();
});

async function seen<T>(promise: Promise<T>): Promise<T> {
  const value = await promise;
  seenByPage.push(JSON.stringify(value));
  return value;
}

function filesUnder(folder: string): { path: string; bytes: Buffer }[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

const hasEnded = (status: Run['status']) => status !== 'queued' && status !== 'running';

const holding = (items: { path: string; bytes: Buffer }[]) =>
  items.filter((item) => SECRETS.some((secret) => item.bytes.includes(secret))).map((item) => item.path);

describe('API keys and Hub tokens', () => {
  it('appear nowhere: not in the store, the logs, the events, the answers, the exports or the pushed files', async () => {
    const judge = `compatible:phi-4@${models.openai_base_url}`;
    const config = {
      source: { kind: 'describe' as const, sentence: 'a bookshop assistant that refunds only after the customer confirms the order' },
      budget: 10,
      seed: 2,
      logprobs: true,
      models: {
        agent: 'openai:gpt-4.1-mini',
        simulator: 'anthropic:claude-sonnet-5',
        user_model: `compatible:qwen3:8b@${models.openai_base_url}`,
        judge,
      },
    };
    const run = (await seen(callOk(server, 'runs.start', { config }))) as Run;
    const status = async () => ((await seen(callOk(server, 'runs.get', { run_id: run.id }))) as { run: Run }).run.status;
    // The run's end as the page learns it: its `run-end` event (sent once the worker is gone; the stored status can
    // read completed a moment before, and grading refuses a run whose worker is still alive).
    const runEnded = () => events.split('\n\n').some((event) => event.startsWith('event: run-end') && event.includes(run.id));
    await waitFor('the run to end', async () => hasEnded(await status()) && runEnded(), 180_000, 250);
    const detail = (await seen(callOk(server, 'runs.get', { run_id: run.id }))) as { run: Run };
    expect(detail.run.status, JSON.stringify(detail.run)).toBe('completed');

    // A model judge through the API where grading offers one; the conduct checks otherwise (and the model judge then
    // graded in the engine's own test of the backends).
    let graded = await seen(call(server, 'grades.run', { run_id: run.id, judge }));
    if (!graded.ok) graded = await seen(call(server, 'grades.run', { run_id: run.id, judge: 'conduct' }));
    expect(graded.ok, JSON.stringify(graded)).toBe(true);
    await waitFor(
      'grading to end',
      async () => {
        const { jobs } = (await seen(callOk(server, 'grades.jobs', { run_id: run.id }))) as { jobs: { status: string }[] };
        return jobs.every((job) => job.status !== 'running');
      },
      120_000,
      250,
    );

    const page = (await seen(callOk(server, 'rows.page', { run_id: run.id }))) as { rows: { row_id: string }[] };
    for (const row of page.rows.slice(0, 3)) {
      await seen(callOk(server, 'labels.set', { row_id: row.row_id, label: 'pass' }));
      await seen(callOk(server, 'rows.get', { row_id: row.row_id }));
    }

    const exportsBefore = ((await seen(callOk(server, 'exports.list', {}))) as unknown[]).length;
    const folder = join(root, 'export');
    await seen(callOk(server, 'exports.start', { selection: { run_id: run.id }, destination: { kind: 'folder', folder } }));
    await seen(
      callOk(server, 'exports.start', {
        selection: { run_id: run.id },
        destination: { kind: 'hub', repo_id: 'ana/leak-check', endpoint: hub.url, folder: join(root, 'hub-export') },
      }),
    );
    await waitFor(
      'both exports to be recorded',
      async () => ((await seen(callOk(server, 'exports.list', {}))) as unknown[]).length >= exportsBefore + 2,
      120_000,
      250,
    );
    // A token given in Settings, then a push of the folder written above.
    const stored = await seen(call(server, 'settings.setHubToken', { value: SETTINGS_HUB_TOKEN }));
    await seen(callOk(server, 'exports.push', { folder, repo_id: 'ana/leak-check-push', endpoint: hub.url }));
    await waitFor(
      'the push to land',
      () => hub.repos.has('ana/leak-check-push') && hub.repos.get('ana/leak-check-push')!.commits.length > 0,
      60_000,
      100,
    );
    for (const method of ['models.keys', 'settings.hubToken', 'app.info', 'traces.list'] as const) await seen(call(server, method, {}));
    await seen(call(server, 'exports.list', {}));
    await seen(call(server, 'grades.summary', { run_id: run.id }));
    await seen(call(server, 'agreement.get', { run_id: run.id }));

    stopEvents();
    await stopGently(server.child, server.exited);

    // The secrets were really in play: the model server saw calls with the key, the Hub received the pushes.
    const requests = await models.requests();
    expect(requests.count).toBeGreaterThan(0);
    expect(requests.by_status['401'] ?? 0).toBe(0);
    expect(hub.repos.get('ana/leak-check')?.commits.length).toBeGreaterThan(0);
    process.stdout.write(
      `leak check: ${requests.count} model calls, judge ${graded.ok ? 'graded' : 'not offered'}, Settings token ` +
        `${stored.ok ? 'stored' : `refused (${stored.ok ? '' : stored.error.message})`}, ${hub.repos.size} Hub repos\n`,
    );

    const pushed = [...hub.repos.values()].flatMap((repo) =>
      [...repo.snapshots.entries()].flatMap(([commit, tree]) =>
        [...tree.entries()].map(([path, bytes]) => ({ path: `hub:${repo.id}@${commit}/${path}`, bytes })),
      ),
    );
    const commitMessages = [...hub.repos.values()].flatMap((repo) =>
      repo.commits.map((commit) => ({
        path: `hub:${repo.id} commit ${commit.oid}`,
        bytes: Buffer.from(`${commit.summary}\n${commit.description}`),
      })),
    );
    expect(filesUnder(root).length).toBeGreaterThan(5);
    expect(holding(filesUnder(root))).toEqual([]);
    expect(holding([...pushed, ...commitMessages])).toEqual([]);
    expect(
      holding([
        { path: 'server output', bytes: Buffer.from(server.output()) },
        { path: 'event stream', bytes: Buffer.from(events) },
      ]),
    ).toEqual([]);
    expect(holding(seenByPage.map((text, index) => ({ path: `answer ${index}`, bytes: Buffer.from(text) })))).toEqual([]);
    expect(events).toContain('event: run-end');
  }, 400_000);

  it('appear nowhere after the same work from the wai CLI: not in its store, its output, its export or its push', async () => {
    const cliRoot = join(root, 'cli');
    const port = new URL(models.url).port;
    const environment = childEnvironment({
      OPENAI_API_KEY: MODEL_KEY,
      ANTHROPIC_API_KEY: MODEL_KEY,
      [`WAI_KEY_127_0_0_1_${port}`]: MODEL_KEY,
      OPENAI_BASE_URL: models.openai_base_url,
      ANTHROPIC_BASE_URL: models.anthropic_base_url,
      HF_TOKEN: HUB_TOKEN,
    });
    const before = (await models.requests()).count;
    const outputs: string[] = [];
    const wai = async (args: string[]) => {
      const cli = spawnWai(join(cliRoot, 'data'), args, environment);
      const { code } = await cli.exited;
      outputs.push(cli.output());
      expect(code, `wai ${args.join(' ')}:\n${cli.output()}`).toBe(0);
      return cli.output();
    };
    const judge = `compatible:phi-4@${models.openai_base_url}`;
    const simulated = await wai([
      'simulate',
      '--describe',
      'a bookshop assistant that refunds only after the customer confirms the order',
      '--rows',
      '6',
      '--seed',
      '3',
      '--agent',
      'openai:gpt-4.1-mini',
      '--simulator',
      'anthropic:claude-sonnet-5',
      '--user-model',
      `compatible:qwen3:8b@${models.openai_base_url}`,
      '--logprobs',
    ]);
    const runId = /run_[\w]+/.exec(simulated)![0];
    await wai(['grade', runId, '--judge', judge]);
    await wai(['export', runId, '--out', join(cliRoot, 'export')]);
    await wai(['push', join(cliRoot, 'export'), '--repo', 'ana/leak-check-cli', '--endpoint', hub.url]);

    expect((await models.requests()).count, 'the CLI called the model server with the key').toBeGreaterThan(before);
    expect(hub.repos.get('ana/leak-check-cli')?.commits.length).toBeGreaterThan(0);
    const pushed = [...hub.repos.get('ana/leak-check-cli')!.snapshots.entries()].flatMap(([commit, tree]) =>
      [...tree.entries()].map(([path, bytes]) => ({ path: `hub@${commit}/${path}`, bytes })),
    );
    expect(holding(filesUnder(cliRoot))).toEqual([]);
    expect(holding(pushed)).toEqual([]);
    expect(holding(outputs.map((text, index) => ({ path: `wai output ${index}`, bytes: Buffer.from(text) })))).toEqual([]);
  }, 300_000);
});

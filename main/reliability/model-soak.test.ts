// Runs whose agent and simulated person are models on the local model server while it answers a share of calls
// with 429s, 500s, replies cut off mid-body, slow replies past the timeout, and broken tool-call JSON: each run must
// end with the right `stopped_because`, or finish with every injected fault accounted for (retries, re-rolls,
// degraded codes and warnings in the summary) and no row built on a broken answer.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Row, RunConfig, type SimulationSummary } from '../../shared/domain';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { executeRun } from '../services/runs/run-executor';
import { createRun, requireRun } from '../services/runs/runs-service';
import { keyRing } from '../services/settings/secrets';
import { iterateRows } from '../store/rows/rows-repository';
import { startLocalModelProcess, type LocalModelProcess } from '../test-support/local-model-process';
import { reliabilitySettings } from './long-mode';

const settings = reliabilitySettings();
const SENTENCE = 'an order support agent that refunds orders after confirming';
const FAULT_SHARE = 0.3;
/** Seconds a call may take; the server's slow fault waits 2 s, so those calls time out and count as agent errors. */
const CALL_TIMEOUT_S = 1;

let contexts: AppContext[] = [];
let servers: LocalModelProcess[] = [];

beforeAll(() => {
  contexts = [];
  servers = [];
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => closeAppContext(context)));
  await Promise.all(servers.map((server) => server.stop()));
});

async function serve(args: string[]): Promise<LocalModelProcess> {
  const server = await startLocalModelProcess(args);
  servers.push(server);
  return server;
}

/** A run with agent and person on `server`, the writers offline; its summary, its stored rows and what the server saw. */
async function soak(server: LocalModelProcess, budget: number, keys: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'while-soak-'));
  const context = createAppContext({ dataDir, mode: 'cli' });
  contexts.push(context);
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: SENTENCE },
    budget,
    seed: 4,
    concurrency: 8,
    timeout: CALL_TIMEOUT_S,
    models: { agent: `compatible:soak-agent@${server.openai_base_url}`, user_model: `compatible:soak-person@${server.openai_base_url}` },
  });
  const run = await createRun(context, config);
  const summary = await executeRun({ db: context.db, runId: run.id, keys: keyRing(keys) });
  const rows = [...iterateRows(context.db, run.id)];
  return { summary, rows, stored: requireRun(context, run.id), seen: await server.requests(), dataDir };
}

/** `spec: N model calls were retried (kind n, ...) out of M.` and `... failed after retries (kind n, ...)`, summed over specs. */
function countsIn(warnings: readonly string[], phrase: RegExp): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const warning of warnings) {
    const match = phrase.exec(warning);
    if (!match) continue;
    for (const part of match[1]!.split(', ')) {
      const [kind, n] = part.split(' ');
      counts[kind!] = (counts[kind!] ?? 0) + Number(n);
    }
  }
  return counts;
}

function sum(record: Record<string, number>, ...keys: string[]): number {
  return keys.reduce((total, key) => total + (record[key] ?? 0), 0);
}

/** A stored row carries only answers that parsed: tool calls with object arguments, each answered by the world. */
function expectSound(row: Row): void {
  const answered = new Set(
    row.messages.filter((message) => message.role === 'tool').map((message) => (message as { tool_call_id: string }).tool_call_id),
  );
  for (const message of row.messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      expect(
        typeof call.arguments === 'object' && call.arguments !== null && !Array.isArray(call.arguments),
        `row ${row.rollout_id}: arguments of ${call.name}`,
      ).toBe(true);
      expect(answered.has(call.id), `row ${row.rollout_id}: call ${call.id} unanswered`).toBe(true);
    }
  }
}

function describeSoak(name: string, summary: SimulationSummary, seen: Awaited<ReturnType<LocalModelProcess['requests']>>): string {
  const { rollouts } = summary.search;
  return (
    `${name}: ${summary.rows} rows, stopped because ${summary.stopped_because}; server ${seen.count} calls, faults ` +
    `${JSON.stringify(seen.faults)}; rollouts landed ${rollouts.landed}, rerolled ${rollouts.rerolled}, lost ${rollouts.lost} ` +
    `${JSON.stringify(rollouts.lost_by)}; degraded [${summary.degraded.join(', ')}]`
  );
}

describe('model faults, soaked', () => {
  it('finishes the budget through 429s, 500s, cut-off, slow and broken replies, with every fault accounted for', async () => {
    const server = await serve([
      '--fault-share',
      String(FAULT_SHARE),
      '--fault-kinds',
      'rate_limit,server_error,cut_off,slow,broken_tool_json',
    ]);
    const { summary, rows, stored, seen } = await soak(server, settings.soakRows);
    process.stdout.write(`${describeSoak('recoverable faults', summary, seen)}\n`);
    expect(summary.stopped_because).toBe('budget');
    expect(stored.status).toBe('completed');
    expect(rows).toHaveLength(summary.rows);
    for (const row of rows) expectSound(row);

    const retried = countsIn(summary.warnings, /model calls were retried \(([^)]*)\)/);
    const failed = countsIn(summary.warnings, /model calls failed after retries \(([^)]*)\)/);
    // Every HTTP fault the server injected was either retried or, after the retries, failed for good: none slipped by.
    expect(sum(retried, 'rate_limit') + sum(failed, 'rate_limit')).toBe(seen.faults.rate_limit ?? 0);
    expect(sum(retried, 'server') + sum(failed, 'server')).toBe(seen.faults.server_error ?? 0);
    expect(sum(retried, 'connection') + sum(failed, 'connection')).toBe(seen.faults.cut_off ?? 0);
    // A slow reply outlives the call's timeout: an agent error, never retried, so the rollout is re-rolled or lost.
    expect(sum(failed, 'timeout')).toBe(seen.faults.slow ?? 0);
    const { rollouts } = summary.search;
    // A call that failed for good ends its rollout, which is re-rolled or counted lost: never a row.
    const failedCalls = Object.values(failed).reduce((total, n) => total + n, 0);
    expect(rollouts.rerolled + rollouts.lost).toBeGreaterThanOrEqual(failedCalls);
    expect(Object.values(rollouts.lost_by).reduce((total, n) => total + n, 0)).toBe(rollouts.lost);
    // Whichever model's call failed (the faults fall on agent and user calls alike), the run says it was degraded.
    if ((rollouts.lost_by['agent_error'] ?? 0) > 0) expect(summary.degraded).toContain('agent_errors');
    if ((rollouts.lost_by['user_error'] ?? 0) > 0) expect(summary.degraded).toContain('user_errors');
    if (rollouts.lost > 0) expect(summary.degraded.length).toBeGreaterThan(0);
    if ((seen.faults.broken_tool_json ?? 0) > 0) expect(summary.warnings.join('\n')).toMatch(/tool calls had malformed arguments/);
  }, 300_000);

  it('stops with agent_quota_exceeded when the account is out of credit, storing nothing half made', async () => {
    const server = await serve(['--fault-share', '1', '--fault-kinds', 'quota']);
    const { summary, rows, stored, seen } = await soak(server, 8);
    process.stdout.write(`${describeSoak('out of quota', summary, seen)}\n`);
    expect(['agent_quota_exceeded', 'user_quota_exceeded']).toContain(summary.stopped_because);
    expect(stored).toMatchObject({ status: 'failed', stopped_because: summary.stopped_because });
    expect(stored.error).toMatch(/quota/i);
    expect(summary.warnings[0]).toMatch(/^The run stopped early: /);
    expect(rows).toHaveLength(0);
  }, 120_000);

  it('stops with *_auth_failed on a refused key, and the key the server echoes back is stored nowhere', async () => {
    const server = await serve(['--key', 'sk-the-right-key']);
    const wrongKey = 'sk-soakWrongKey7Hq2Lz9';
    const { summary, rows, stored, seen, dataDir } = await soak(server, 8, { [`WAI_KEY_127_0_0_1_${new URL(server.url).port}`]: wrongKey });
    process.stdout.write(`${describeSoak('refused key', summary, seen)}\n`);
    expect(seen.by_status['401']).toBeGreaterThan(0);
    expect(['agent_auth_failed', 'user_auth_failed']).toContain(summary.stopped_because);
    expect(stored).toMatchObject({ status: 'failed', stopped_because: summary.stopped_because });
    expect(rows).toHaveLength(0);
    // The server's 401 body quotes the key it was sent: neither the run's error, its warnings nor any file keeps it.
    expect(JSON.stringify({ stored, summary })).not.toContain(wrongKey);
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.filter((path) => readFileSync(path).includes(wrongKey))).toEqual([]);
  }, 120_000);

  it('stops with agent_failed when every call fails with a 500, landing no row, every failure counted', async () => {
    const server = await serve(['--fault-share', '1', '--fault-kinds', 'server_error']);
    const { summary, rows, stored, seen } = await soak(server, 8);
    process.stdout.write(`${describeSoak('every call a 500', summary, seen)}\n`);
    expect(summary.stopped_because).toBe('agent_failed');
    expect(stored).toMatchObject({ status: 'failed', stopped_because: 'agent_failed' });
    expect(rows).toHaveLength(0);
    const retried = countsIn(summary.warnings, /model calls were retried \(([^)]*)\)/);
    const failed = countsIn(summary.warnings, /model calls failed after retries \(([^)]*)\)/);
    expect(sum(retried, 'server') + sum(failed, 'server')).toBe(seen.faults.server_error ?? 0);
    expect(summary.search.rollouts.lost).toBeGreaterThan(0);
    expect(summary.degraded).toContain('agent_errors');
  }, 120_000);
});

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { DATABASE_FILE } from '../../store/database';
import { getRun } from '../../store/runs/runs-repository';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { keyRing } from '../settings/secrets';
import { executeRun } from './run-executor';
import { createRun } from './runs-service';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = 'main/services/runs/__fixtures__/execute-until-killed.ts';
const SENTENCE = 'a support agent for a phone company that can cancel orders and issue refunds';
const BUDGET = 48;
const SEED = 4;

let server: LocalModelProcess;
let reference: Map<number, string>;
const contexts: AppContext[] = [];

/** A fresh data folder with a stored (not yet executed) model run: a model agent and a model user on the local server. */
async function storedRun(concurrency: number): Promise<{ context: AppContext; runId: string }> {
  const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-row-store-')), mode: 'cli' });
  contexts.push(context);
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: SENTENCE },
    models: { agent: `compatible:store-agent@${server.openai_base_url}`, user_model: `compatible:store-person@${server.openai_base_url}` },
    budget: BUDGET,
    seed: SEED,
    concurrency,
  });
  return { context, runId: (await createRun(context, config)).id };
}

/** The run's stored rows as another process reads them: body by ordinal, from its own connection to the file. */
function storedBodies(context: AppContext, runId: string): Map<number, string> {
  const reader = new Database(join(context.dataDir, DATABASE_FILE), { readonly: true });
  try {
    const records = reader.prepare('SELECT ordinal, body FROM rows WHERE run_id = ? ORDER BY ordinal').all(runId) as {
      ordinal: number;
      body: string;
    }[];
    return new Map(records.map((record) => [record.ordinal, record.body]));
  } finally {
    reader.close();
  }
}

/** Runs the stored run in a child process and SIGKILLs it once it has reported `rows` rows stored; their ordinals. */
function killAfterRows(context: AppContext, runId: string, rows: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, context.dataDir, runId], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reported: number[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/stored (\d+)/g)) reported.push(Number(match[1]));
      if (reported.length >= rows && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(reported);
      else reject(new Error(`the run ended before it was killed: ${stderr}`));
    });
  });
}

beforeAll(async () => {
  // A short latency: rows of concurrent rollouts land within a few ms of each other and share transactions.
  server = await startLocalModelProcess(['--latency-ms', '5']);
  const { context, runId } = await storedRun(8);
  await executeRun({ db: context.db, runId, keys: keyRing({}) });
  reference = storedBodies(context, runId);
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await closeAppContext(context);
  await server.stop();
});

describe('rows stored in batches', { timeout: 120_000 }, () => {
  it('reports each row only once another process can read it, several rows share a commit, the same rows at 1, 8 and 32', async () => {
    expect(reference.size).toBe(BUDGET);
    let shared = 0;
    for (const concurrency of [1, 8, 32]) {
      const { context, runId } = await storedRun(concurrency);
      const reader = new Database(join(context.dataDir, DATABASE_FILE), { readonly: true });
      const committed = reader.prepare('SELECT ordinal FROM rows WHERE run_id = ?').pluck();
      const reported: number[] = [];
      await executeRun({
        db: context.db,
        runId,
        keys: keyRing({}),
        onRow: (row) => {
          reported.push(row.ordinal);
          const visible = new Set(committed.all(runId) as number[]);
          expect(reported.every((ordinal) => visible.has(ordinal))).toBe(true);
          // Rows committed with this one but not reported yet: it shared its transaction.
          if (visible.size > reported.length) shared++;
        },
      });
      reader.close();
      expect(reported).toEqual([...reported].sort((a, b) => a - b));
      expect(storedBodies(context, runId)).toEqual(reference);
      expect(getRun(context.db, runId)?.rows_done).toBe(BUDGET);
    }
    expect(shared).toBeGreaterThan(0);
  });

  it('keeps every row reported before a cancel, and a resume replays them and adds the rest as a run that never stopped', async () => {
    const { context, runId } = await storedRun(8);
    let reported = 0;
    const first = await executeRun({
      db: context.db,
      runId,
      keys: keyRing({}),
      isCancelled: () => reported >= 12,
      onRow: () => void reported++,
    });
    expect(first.stopped_because).toBe('cancelled');
    const kept = storedBodies(context, runId);
    expect(kept.size).toBe(reported);
    expect(getRun(context.db, runId)).toMatchObject({ status: 'cancelled', rows_done: reported });

    const resumed = await executeRun({ db: context.db, runId, keys: keyRing({}) });
    expect(resumed.stopped_because).toBe('budget');
    expect(resumed.search.rollouts.resumed).toBe(kept.size);
    expect(storedBodies(context, runId)).toEqual(reference);
  });

  it('keeps every row reported before a crash (SIGKILL mid-run), once each, and a resume replays exactly those', async () => {
    const { context, runId } = await storedRun(8);
    const reported = await killAfterRows(context, runId, 12);
    const kept = storedBodies(context, runId);
    expect(reported.every((ordinal) => kept.has(ordinal))).toBe(true);
    expect([...kept].every(([ordinal, body]) => reference.get(ordinal) === body)).toBe(true);
    const reader = new Database(join(context.dataDir, DATABASE_FILE), { readonly: true });
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(reader.prepare('SELECT rows_done FROM runs WHERE id = ?').pluck().get(runId)).toBe(kept.size);
    reader.close();

    // The killed writer's process is gone: its lease is taken over at once.
    const resumed = await executeRun({ db: context.db, runId, keys: keyRing({}) });
    expect(resumed.stopped_because).toBe('budget');
    expect(resumed.search.rollouts.resumed).toBe(kept.size);
    expect(storedBodies(context, runId)).toEqual(reference);
    expect(getRun(context.db, runId)).toMatchObject({ status: 'completed', rows_done: BUDGET });
  });
});

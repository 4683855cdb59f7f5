import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api';
import { dispatch } from '../../api/dispatch';
import { countRows } from '../../store/rows/rows-repository';
import { startLocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { freshBundleIn } from './run-jobs';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

function runEnd(app: AppContext, runId: string): Promise<EventPayload<'run-end'>> {
  return new Promise((resolve) => {
    const unsubscribe = app.events.subscribe((name, payload) => {
      if (name === 'run-end' && (payload as EventPayload<'run-end'>).run_id === runId) {
        unsubscribe();
        resolve(payload as EventPayload<'run-end'>);
      }
    });
  });
}

/** The rows_done of each run-progress event the app sends from now on. */
function rowsDoneSeen(app: AppContext): number[] {
  const seen: number[] = [];
  app.events.subscribe((name, payload) => {
    if (name === 'run-progress') seen.push((payload as EventPayload<'run-progress'>).rows_done);
  });
  return seen;
}

describe('runs in worker threads', () => {
  it('start from a sentence, stream progress and store every row', async () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-jobs-')), mode: 'browser' });
    const progress = rowsDoneSeen(context);
    const started = await dispatch(context, 'runs.start', {
      config: {
        source: { kind: 'describe', sentence: 'a telecom support agent that hands off to a human only when asked' },
        budget: 48,
        seed: 2,
      },
    });
    expect(started.ok).toBe(true);
    const run = (started as { value: { id: string; status: string } }).value;
    const end = await runEnd(context, run.id);
    expect(end).toMatchObject({ status: 'completed', stopped_because: 'budget' });
    expect(countRows(context.db, run.id)).toBe(48);
    expect(progress.at(-1)).toBe(48);
    const detail = await dispatch(context, 'runs.get', { run_id: run.id });
    expect(detail).toMatchObject({ ok: true, value: { run: { rows_done: 48, status: 'completed' }, summary: { rows: 48 } } });
  });

  it('store a model run from the worker through its writer thread: every row, the count and progress to the budget', async () => {
    const server = await startLocalModelProcess(['--latency-ms', '5']);
    try {
      context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-jobs-')), mode: 'browser' });
      const progress = rowsDoneSeen(context);
      const started = await dispatch(context, 'runs.start', {
        config: {
          source: { kind: 'describe', sentence: 'a telecom support agent that hands off to a human only when asked' },
          models: {
            agent: `compatible:jobs-agent@${server.openai_base_url}`,
            user_model: `compatible:jobs-person@${server.openai_base_url}`,
          },
          budget: 24,
          seed: 2,
          concurrency: 8,
        },
      });
      expect(started.ok).toBe(true);
      const run = (started as { value: { id: string } }).value;
      expect(await runEnd(context, run.id)).toMatchObject({ status: 'completed', stopped_because: 'budget' });
      expect(countRows(context.db, run.id)).toBe(24);
      expect(progress.at(-1)).toBe(24);
      expect(await dispatch(context, 'runs.get', { run_id: run.id })).toMatchObject({ ok: true, value: { run: { rows_done: 24 } } });
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('cancel after the rollouts in flight, then resume to the budget', { timeout: 90_000 }, async () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-jobs-')), mode: 'browser' });
    const app = context;
    const started = await dispatch(app, 'runs.start', {
      config: {
        source: { kind: 'describe', sentence: 'an IT helpdesk agent that never wipes a device without approval' },
        budget: 1500,
        seed: 5,
      },
    });
    const runId = (started as { value: { id: string } }).value.id;
    await new Promise<void>((resolve) => {
      const unsubscribe = app.events.subscribe((name, payload) => {
        if (name === 'run-progress' && (payload as EventPayload<'run-progress'>).rows_done > 0) {
          unsubscribe();
          resolve();
        }
      });
    });
    const ended = runEnd(app, runId);
    expect(await dispatch(app, 'runs.cancel', { run_id: runId })).toMatchObject({ ok: true });
    expect(await ended).toMatchObject({ status: 'cancelled', stopped_because: 'cancelled' });
    const stored = countRows(app.db, runId);
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(1500);
    const finished = runEnd(app, runId);
    expect(await dispatch(app, 'runs.resume', { run_id: runId })).toMatchObject({ ok: true });
    expect(await finished).toMatchObject({ status: 'completed', stopped_because: 'budget' });
    expect(countRows(app.db, runId)).toBe(1500);
    expect(await dispatch(app, 'runs.resume', { run_id: runId })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await dispatch(app, 'runs.resume', { run_id: 'run_missing' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it(
    'a cancel pressed right after Start stops the run before its first row, and the next run starts on the kept thread',
    { timeout: 90_000 },
    async () => {
      context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-jobs-')), mode: 'browser' });
      const app = context;
      const config = {
        source: { kind: 'describe' as const, sentence: 'a travel agent that books only what the traveller confirmed' },
        budget: 1500,
        seed: 3,
      };
      const first = await dispatch(app, 'runs.start', { config });
      const firstId = (first as { value: { id: string } }).value.id;
      const ended = runEnd(app, firstId);
      expect(await dispatch(app, 'runs.cancel', { run_id: firstId })).toMatchObject({ ok: true });
      // The flag is read before the first batch: not one batch of 64 rows later, as when the cancel was a message.
      expect(await ended).toMatchObject({ status: 'cancelled', stopped_because: 'cancelled' });
      expect(countRows(app.db, firstId)).toBe(0);

      const second = await dispatch(app, 'runs.start', { config: { ...config, budget: 24 } });
      const secondId = (second as { value: { id: string } }).value.id;
      expect(await runEnd(app, secondId)).toMatchObject({ status: 'completed', stopped_because: 'budget' });
      expect(countRows(app.db, secondId)).toBe(24);
      const resumed = runEnd(app, firstId);
      expect(await dispatch(app, 'runs.resume', { run_id: firstId })).toMatchObject({ ok: true });
      expect(await dispatch(app, 'runs.cancel', { run_id: firstId })).toMatchObject({ ok: true });
      expect(await resumed).toMatchObject({ status: 'cancelled' });
    },
  );

  it('starts the bundled worker only while no source is newer than it (a stale bundle would run old code)', () => {
    const root = mkdtempSync(join(tmpdir(), 'while-bundle-'));
    const write = (path: string, seconds: number) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), '');
      utimesSync(join(root, path), seconds, seconds);
    };
    expect(freshBundleIn(root)).toBeNull();
    for (const file of ['engine/simulate/simulate.ts', 'shared/domain/run.ts', 'main/services/runs/run-worker.ts']) write(file, 1_000);
    write('dist/electron/run-worker.cjs', 2_000);
    // A newer test or fixture is not part of the bundle.
    write('main/services/runs/run-jobs.test.ts', 3_000);
    write('engine/__fixtures__/spec.ts', 3_000);
    expect(freshBundleIn(root)).toBe(join(root, 'dist', 'electron', 'run-worker.cjs'));
    write('engine/simulate/simulate.ts', 3_000);
    expect(freshBundleIn(root)).toBeNull();
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api';
import type { GradeJob } from '../../../shared/api/grades';
import { dispatch } from '../../api/dispatch';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { NO_DEFAULT_MODULE, judgeCommand, storeCraftedRun } from '../../test-support/grading-run';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) {
    await context.gradeJobs.stopAll();
    await closeAppContext(context);
  }
  context = undefined;
});

function newContext(): AppContext {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-grade-jobs-')), mode: 'browser' });
  return context;
}

type JobEvent = EventPayload<'job-progress'>;

function collect(app: AppContext): JobEvent[] {
  const events: JobEvent[] = [];
  app.events.subscribe((name, payload) => {
    if (name === 'job-progress') events.push(payload as JobEvent);
  });
  return events;
}

function jobEnd(app: AppContext, jobId: string): Promise<JobEvent> {
  return new Promise((resolve) => {
    const unsubscribe = app.events.subscribe((name, payload) => {
      const event = payload as JobEvent;
      if (name === 'job-progress' && event.job_id === jobId && event.status !== 'running') {
        unsubscribe();
        resolve(event);
      }
    });
  });
}

function started(result: Awaited<ReturnType<typeof dispatch>>): GradeJob {
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return (result as { value: GradeJob }).value;
}

describe('grading jobs in a worker thread', () => {
  it('stream job-progress to the end and store every grade', { timeout: 60_000 }, async () => {
    const app = newContext();
    storeCraftedRun(app.db, 'run_job', 30);
    const events = collect(app);
    const job = started(await dispatch(app, 'grades.run', { run_id: 'run_job', judge: judgeCommand(), version: 'v1', mode: 'server' }));
    expect(job).toMatchObject({ run_id: 'run_job', status: 'running', judges: [expect.stringMatching(/^conduct@/), 'ordinal-judge@v1'] });
    const end = await jobEnd(app, job.job_id);
    expect(end).toMatchObject({ kind: 'grade', run_id: 'run_job', status: 'completed', done: 60, total: 60 });
    const running = events.filter((event) => event.status === 'running');
    expect(running.length).toBeGreaterThan(1);
    expect(running.map((event) => event.done)).toEqual([...running.map((event) => event.done)].sort((left, right) => left - right));
    const summary = await dispatch(app, 'grades.summary', { run_id: 'run_job' });
    expect(summary).toMatchObject({
      ok: true,
      value: { active_job: null, judges: [{ n_graded: 30 }, { judge_key: 'ordinal-judge@v1', passes: 20, failures: 10 }] },
    });
    expect(await dispatch(app, 'grades.jobs', { run_id: 'run_job' })).toMatchObject({
      ok: true,
      value: { jobs: [{ job_id: job.job_id, status: 'completed' }] },
    });
    expect(await dispatch(app, 'grades.cancel', { job_id: job.job_id })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('cancel after the rows in flight, keeping the grades written so far', { timeout: 60_000 }, async () => {
    const app = newContext();
    storeCraftedRun(app.db, 'run_cancel', 40);
    const job = started(
      await dispatch(app, 'grades.run', { run_id: 'run_cancel', judge: judgeCommand('--sleep=100'), version: 'v1', mode: 'server' }),
    );
    expect(await dispatch(app, 'grades.run', { run_id: 'run_cancel' })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: expect.stringContaining(job.job_id) },
    });
    await new Promise<void>((resolve) => {
      const unsubscribe = app.events.subscribe((name, payload) => {
        const event = payload as JobEvent;
        if (name === 'job-progress' && event.done > 44) {
          unsubscribe();
          resolve();
        }
      });
    });
    const ended = jobEnd(app, job.job_id);
    expect(await dispatch(app, 'grades.cancel', { job_id: job.job_id })).toMatchObject({
      ok: true,
      value: { message: expect.stringContaining('Cancelling') },
    });
    const end = await ended;
    expect(end.status).toBe('cancelled');
    expect(end.done).toBeLessThan(80);
    const judged = () => (app.db.prepare("SELECT COUNT(*) AS n FROM grades WHERE judge_name = 'ordinal-judge'").get() as { n: number }).n;
    const kept = judged();
    expect(kept).toBe(end.done - 40);
    expect(kept).toBeLessThan(40);
  });

  it('refuse a judge that cannot load: the call fails and no job is left', { timeout: 60_000 }, async () => {
    const app = newContext();
    storeCraftedRun(app.db, 'run_bad_module', 3);
    const result = await dispatch(app, 'grades.run', { run_id: 'run_bad_module', judge: `module:${NO_DEFAULT_MODULE}`, version: 'v1' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('must have a default export') },
    });
    expect(app.gradeJobs.list()).toEqual([]);
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM grades').get()).toEqual({ n: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { subscribeStores } from '../../api/subscriptions';
import type { GradesRunInput } from '../../../shared/api/grades';
import type { JobProgress } from '../../../shared/api/jobs';
import { fakeClient, ok } from '../../api/__fixtures__/fake-client';
import { answerWith, gradeJob, gradesSummary, judgeSummary } from './__fixtures__/grading-fixtures';
import { jobFigures, latestJudge, summaryWarnings } from './selectors';
import { createGradingStore } from './store';

const RUBRIC_KEY = 'rubric@openai:gpt-4.1-mini@r-1a2b3c';

function progress(overrides: Partial<JobProgress> = {}): JobProgress {
  return { job_id: 'grade_1', kind: 'grade', run_id: 'run_a', done: 0, total: 24, status: 'running', message: 'Grading', ...overrides };
}

/** A main that grades on demand: the summary grows a judge once the job's last event is out. */
function harness() {
  let isGraded = false;
  const runs: GradesRunInput[] = [];
  const client = fakeClient({
    'grades.summary': () =>
      ok(
        isGraded
          ? gradesSummary([
              judgeSummary(),
              judgeSummary({
                judge_key: RUBRIC_KEY,
                judge_name: 'rubric',
                label_source: 'judge',
                passes: 10,
                failures: 2,
                last_graded_at: '2026-11-30T10:05:00.000Z',
              }),
            ])
          : gradesSummary([], { warnings: ['No grades yet: grade the run (the conduct checks run first, then your judge).'] }),
      ),
    'grades.jobs': () => ok({ jobs: [] }),
    'grades.run': (input) => {
      runs.push(input as GradesRunInput);
      return ok(gradeJob({ judge: (input as GradesRunInput).judge, judges: ['conduct@1', RUBRIC_KEY] }));
    },
    'grades.cancel': () => ok(gradeJob({ message: 'Cancelling after the rows in flight' })),
    'models.check': (input) => {
      const judge = input.models.judge ?? '';
      if (judge.includes('/'))
        return ok({
          issues: [{ path: 'models.judge', message: `"${judge}" uses a slash: model specs use a colon. Write openai:gpt-4.1-mini.` }],
          degraded: [],
          warnings: [],
        });
      const offline = 'No model for situation writer (the offline template writer): it runs on the built-in offline default.';
      if (judge === input.models.agent)
        return ok({
          issues: [],
          degraded: ['same_model'],
          warnings: [offline, `agent and judge both use ${judge}: a judge grading its own writing prefers it.`],
        });
      return ok({ issues: [], degraded: [], warnings: [offline] });
    },
  });
  const store = createGradingStore(() => client, { checkDelayMs: 60_000, summaryRefreshMs: 0 });
  subscribeStores(client, { grading: store });
  return { client, store, runs, grade: () => (isGraded = true) };
}

describe('grading store', () => {
  it('grades with a typed model and a rubric, follows the job live, then reads the new summary and marks the run changed', async () => {
    const { client, store, runs, grade } = harness();
    await store.getState().open('run_a', { agent: 'openai:gpt-4.1' });
    expect(store.getState().summary?.judges).toEqual([]);
    expect(client.listenerCount('job-progress')).toBe(1);

    store.getState().setForm({ choice: 'model', model: ' openai:gpt-4.1-mini ', rubric: 'Pass when the agent confirms before refunding.' });
    await store.getState().checkJudge();
    expect(client.callsOf('models.check')).toEqual([{ models: { agent: 'openai:gpt-4.1', judge: 'openai:gpt-4.1-mini' } }]);
    await store.getState().start();
    expect(runs).toEqual([
      expect.objectContaining({ run_id: 'run_a', judge: 'openai:gpt-4.1-mini', rubric: 'Pass when the agent confirms before refunding.' }),
    ]);
    expect(store.getState().job).toMatchObject({ id: 'grade_1', status: 'running', judges: ['conduct@1', RUBRIC_KEY] });

    client.emit('job-progress', progress({ done: 12, total: 24 }));
    expect(jobFigures(store.getState().job!)).toMatchObject({
      done: 12,
      total: 24,
      fraction: 0.5,
      judges: `the conduct checks, then ${RUBRIC_KEY}`,
    });
    // Another run's job does not move this one, but marks that run changed when it ends.
    client.emit('job-progress', progress({ job_id: 'grade_9', run_id: 'run_b', status: 'completed', done: 4, total: 4 }));
    expect(store.getState().job?.done).toBe(12);
    expect(store.getState().revisions).toEqual({ run_b: 1 });

    grade();
    client.emit('job-progress', progress({ done: 24, total: 24, status: 'completed', message: 'Graded 12 rows with 2 judges.' }));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getState().job).toMatchObject({ status: 'completed', done: 24 });
    expect(store.getState().revisions.run_a).toBe(1);
    expect(client.callsOf('grades.summary')).toHaveLength(3);
    expect(latestJudge(store.getState().summary)).toMatchObject({ judge_key: RUBRIC_KEY, passes: 10 });
  });

  it('shows the refusal of a slash form at the field and never starts grading with it', async () => {
    const { store, runs } = harness();
    await store.getState().open('run_a');
    store.getState().setForm({ choice: 'model', model: 'openai/gpt-4.1-mini' });
    expect(store.getState().check.status).toBe('loading');
    await store.getState().checkJudge();
    expect(store.getState().check.issues).toEqual([
      '"openai/gpt-4.1-mini" uses a slash: model specs use a colon. Write openai:gpt-4.1-mini.',
    ]);
    await store.getState().start();
    expect(runs).toEqual([]);
    expect(store.getState().fieldError).toEqual({ field: 'model', message: expect.stringContaining('Write openai:gpt-4.1-mini') });
    store.getState().setForm({ model: 'openai:gpt-4.1-mini' });
    expect(store.getState().fieldError).toBeNull();
  });

  it("notes a judge that is the agent's own model, and nothing about the run's other roles", async () => {
    const { store } = harness();
    await store.getState().open('run_a', { agent: 'openai:gpt-4.1' });
    store.getState().setForm({ choice: 'model', model: 'openai:gpt-4.1-mini' });
    await store.getState().checkJudge();
    expect(store.getState().check).toMatchObject({ status: 'ready', issues: [], notes: [] });
    store.getState().setForm({ model: 'openai:gpt-4.1' });
    await store.getState().checkJudge();
    expect(store.getState().check.notes).toEqual(['agent and judge both use openai:gpt-4.1: a judge grading its own writing prefers it.']);
  });

  it('puts a refusal from grades.run at the field it names, and a conflict above the form', async () => {
    const { client, store } = harness();
    const refusals = [
      {
        ok: false as const,
        error: {
          code: 'VALIDATION_FAILED' as const,
          message: 'A decision judge reads no rubric.',
          issues: [{ path: 'rubric', message: 'not read by decision judges' }],
        },
      },
      {
        ok: false as const,
        error: { code: 'CONFLICT' as const, message: 'Run run_a is still simulating: grade it when it ends, or cancel it first.' },
      },
    ];
    answerWith(client, () => refusals.shift()!);
    store.setState({ runId: 'run_a' });
    store.getState().setForm({ choice: 'model', model: 'openai:gpt-4.1-mini', rubric: 'x' });
    await store.getState().start();
    expect(store.getState()).toMatchObject({ job: null, fieldError: { field: 'rubric', message: 'A decision judge reads no rubric.' } });
    await store.getState().start();
    expect(store.getState()).toMatchObject({ job: null, fieldError: null, startError: expect.stringContaining('still simulating') });
  });

  it("asks for the run's judge model only when the run has one, and sends a decision judge with its prefix and no rubric", async () => {
    const { store, runs } = harness();
    await store.getState().open('run_a', {});
    store.getState().setForm({ choice: 'run_judge' });
    await store.getState().start();
    expect(store.getState().fieldError).toEqual({ field: 'choice', message: expect.stringContaining('without a judge model') });
    store.getState().setForm({ choice: 'decision', decisionModel: 'anthropic:claude-sonnet-4-5', rubric: 'ignored by a decision judge' });
    await store.getState().checkJudge();
    await store.getState().start();
    expect(runs[0]).toMatchObject({ judge: 'decision:anthropic:claude-sonnet-4-5' });
    expect(runs[0]).not.toHaveProperty('rubric');
  });

  it('applies events that arrive before grades.run answers, cancels, and says above the numbers that the job stopped', async () => {
    const { client, store } = harness();
    let answer: () => void = () => undefined;
    answerWith(client, (method) => {
      if (method === 'grades.run') return new Promise((resolve) => (answer = () => resolve(ok(gradeJob({ judges: ['conduct@1'] })))));
      if (method === 'grades.cancel') return ok(gradeJob());
      if (method === 'grades.jobs') return ok({ jobs: [] });
      return ok(
        gradesSummary([judgeSummary({ n_graded: 5, n_missing: 7 })], {
          warnings: ['conduct@1 graded 5 of 12 rows; 7 have no grade from it.'],
        }),
      );
    });
    await store.getState().open('run_a');
    const starting = store.getState().start();
    expect(store.getState().job?.status).toBe('starting');
    client.emit('job-progress', progress({ done: 3, total: 12 }));
    answer();
    await starting;
    expect(store.getState().job).toMatchObject({ id: 'grade_1', done: 3, total: 12 });

    await store.getState().cancel();
    expect(store.getState().job?.isCancelling).toBe(true);
    client.emit('job-progress', progress({ done: 5, total: 12, status: 'cancelled', message: 'Cancelled after 5 of 12.' }));
    await Promise.resolve();
    await Promise.resolve();
    const state = store.getState();
    expect(state.job).toMatchObject({ status: 'cancelled', isCancelling: false });
    expect(summaryWarnings(state.summary, state.job)).toEqual([
      'The last grading was cancelled: Cancelled after 5 of 12.',
      'conduct@1 graded 5 of 12 rows; 7 have no grade from it.',
    ]);
  });

  it('reads the counts again now and then while grades land, not at every event', async () => {
    const { client } = harness();
    const store = createGradingStore(() => client, { checkDelayMs: 60_000, summaryRefreshMs: 20 });
    subscribeStores(client, { grading: store });
    let summaries = 0;
    answerWith(client, (method) => {
      if (method === 'grades.jobs') return ok({ jobs: [gradeJob({ done: 1, total: 24 })] });
      summaries += 1;
      return ok(gradesSummary([]));
    });
    await store.getState().open('run_a');
    expect(summaries).toBe(1);
    for (const done of [2, 3, 4, 5]) client.emit('job-progress', progress({ done }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(store.getState().job?.done).toBe(5);
    expect(summaries).toBe(2);
  });

  it('shows a job still running when the screen is opened again', async () => {
    const { client, store } = harness();
    answerWith(client, (method) => (method === 'grades.jobs' ? ok({ jobs: [gradeJob({ done: 7, total: 24 })] }) : ok(gradesSummary([]))));
    await store.getState().open('run_a');
    expect(store.getState().job).toMatchObject({ id: 'grade_1', status: 'running', done: 7 });
    client.emit('job-progress', progress({ done: 9 }));
    expect(store.getState().job?.done).toBe(9);
  });
});

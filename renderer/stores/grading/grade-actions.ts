import type { StoreApi } from 'zustand';
import type { GradeJob } from '../../../shared/api/grades';
import type { JobProgress } from '../../../shared/api/jobs';
import type { RoleModels } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import { coalesce, debounce } from '../helpers/debounce';
import { latestRequest } from '../helpers/latest-request';
import { initialGradingState, initialJudgeCheck, type GradeJobState, type GradingState } from './initial-state';
import { gradeRequestOf, judgeSpecOf, runJudgeSpec, specField, type GradeForm } from './judge-choice';
import { bumpRevision, isJobActive } from './selectors';

export interface GradeActions {
  /** Shows a run's grades and follows its grading jobs; `models` are the run's (its judge, and its agent for the self-judging check). */
  open(runId: string, models?: RoleModels): Promise<void>;
  reloadSummary(): Promise<void>;
  setForm(patch: Partial<GradeForm>): void;
  /** Asks main whether the typed judge spec would be refused (no model is called). */
  checkJudge(): Promise<void>;
  start(): Promise<void>;
  cancel(): Promise<void>;
  receiveJob(progress: JobProgress): void;
}

export interface GradingActionOptions {
  /** Milliseconds of quiet after typing a judge spec before it is checked. */
  checkDelayMs?: number;
  /** While a job runs, the summary is read again at most this often (0: only when it ends). */
  summaryRefreshMs?: number;
}

const FINAL = new Set(['completed', 'cancelled', 'failed']);

function jobStateOf(job: GradeJob): GradeJobState {
  return {
    id: job.job_id,
    run_id: job.run_id,
    judge: job.judge,
    judges: [...job.judges],
    status: job.status,
    done: job.done,
    total: job.total,
    message: job.message,
    isCancelling: false,
  };
}

export function createGradeActions(
  set: StoreApi<GradingState>['setState'],
  get: () => GradingState,
  client: () => ApiClient,
  options: GradingActionOptions = {},
): GradeActions {
  const delay = options.checkDelayMs ?? 300;
  const refreshEvery = options.summaryRefreshMs ?? 1500;
  let models: RoleModels = {};
  const checkRequests = latestRequest();
  const summaryRequests = latestRequest();
  /** Events that arrive before grades.run answers with the job's id. */
  let early: JobProgress[] = [];

  const checkSoon = debounce(() => void actions.checkJudge(), delay);
  /** The counts grow as grades land: read them again now and then while a job runs. */
  const refreshSummarySoon = coalesce(() => {
    if (isJobActive(get().job)) void actions.reloadSummary();
  }, refreshEvery);

  function typedSpec(form: GradeForm): string | null {
    if (form.choice !== 'model' && form.choice !== 'decision') return null;
    return judgeSpecOf(form, null);
  }

  const actions: GradeActions = {
    async open(runId, runModels) {
      models = runModels ?? {};
      const state = get();
      if (state.runId !== runId) {
        set({
          runId,
          summary: null,
          summaryStatus: 'idle',
          summaryError: null,
          form: initialGradingState.form,
          check: initialJudgeCheck,
          job: state.job && state.job.run_id === runId ? state.job : null,
          startError: null,
          fieldError: null,
        });
      }
      const [jobs] = await Promise.all([client().call('grades.jobs', { run_id: runId }), actions.reloadSummary()]);
      if (get().runId !== runId || !jobs.ok) return;
      const newest = jobs.value.jobs[0];
      const current = get().job;
      if (!newest) return;
      if (current === null) set({ job: jobStateOf(newest) });
      else if (current.id === newest.job_id) {
        // Its last event was missed (the screen was elsewhere): main's record says how it ended.
        if (isJobActive(current) && newest.status !== 'running') set({ job: jobStateOf(newest) });
      } else if (!isJobActive(current)) set({ job: jobStateOf(newest) });
    },
    async reloadSummary() {
      const runId = get().runId;
      if (!runId) return;
      const isLatest = summaryRequests.start();
      set({ summaryStatus: get().summary ? 'ready' : 'loading', summaryError: null });
      const answer = await client().call('grades.summary', { run_id: runId });
      if (!isLatest() || get().runId !== runId) return;
      if (answer.ok) set({ summary: answer.value, summaryStatus: 'ready', summaryError: null });
      else set({ summaryStatus: 'error', summaryError: answer.error.message });
    },
    setForm(patch) {
      const before = get().form;
      const form = { ...before, ...patch };
      const fieldError = get().fieldError;
      set({
        form,
        startError: null,
        fieldError:
          fieldError && (Object.keys(patch) as string[]).some((key) => key === fieldError.field || key === 'choice') ? null : fieldError,
      });
      const spec = typedSpec(form);
      if (spec === null) {
        checkSoon.cancel();
        checkRequests.drop();
        set({ check: initialJudgeCheck });
      } else if (spec !== get().check.spec) {
        set({ check: { spec, status: 'loading', issues: [], notes: [] } });
        checkSoon();
      }
    },
    async checkJudge() {
      const spec = typedSpec(get().form);
      if (spec === null) return;
      const isLatest = checkRequests.start();
      set({ check: { spec, status: 'loading', issues: [], notes: [] } });
      const answer = await client().call('models.check', { models: { ...(models.agent ? { agent: models.agent } : {}), judge: spec } });
      if (!isLatest()) return;
      if (!answer.ok)
        return set({ check: { spec, status: 'error', issues: [], notes: [`The judge could not be checked: ${answer.error.message}`] } });
      const issues = answer.value.issues
        .filter((issue) => issue.path === 'models.judge' || issue.path === 'judge')
        .map((issue) => issue.message);
      // Only what concerns the judge: the offline roles' note is about the run, not this grading.
      const notes = answer.value.warnings.filter((warning) => /judge/i.test(warning));
      set({ check: { spec, status: 'ready', issues, notes } });
    },
    async start() {
      const state = get();
      if (!state.runId || isJobActive(state.job)) return;
      const runJudge = runJudgeSpec({ models });
      const built = gradeRequestOf(state.form, state.runId, runJudge);
      if (!built.ok) return set({ fieldError: { field: built.field, message: built.message } });
      const refusal = state.check.spec === built.input.judge ? state.check.issues[0] : undefined;
      if (refusal) return set({ fieldError: { field: specField(state.form), message: refusal } });
      early = [];
      const runId = state.runId;
      set({
        startError: null,
        fieldError: null,
        job: {
          id: null,
          run_id: runId,
          judge: built.input.judge,
          judges: [],
          status: 'starting',
          done: 0,
          total: null,
          message: 'Loading the judge',
          isCancelling: false,
        },
      });
      const answer = await client().call('grades.run', built.input);
      const job = get().job;
      if (!job || job.id !== null || job.run_id !== runId) return;
      if (!answer.ok) {
        const atField = answer.error.issues?.find((issue) => issue.path === 'judge' || issue.path === 'rubric');
        const field = atField?.path === 'rubric' ? 'rubric' : specField(get().form);
        return set({
          job: null,
          ...(atField && (field !== 'choice' || get().form.choice === 'run_judge')
            ? { fieldError: { field, message: answer.error.message } }
            : { startError: answer.error.message }),
        });
      }
      set({ job: jobStateOf(answer.value) });
      void actions.reloadSummary();
      const pending = early.filter((progress) => progress.job_id === answer.value.job_id);
      early = [];
      for (const progress of pending) actions.receiveJob(progress);
    },
    async cancel() {
      const job = get().job;
      if (!job || job.id === null || !isJobActive(job)) return;
      set({ job: { ...job, isCancelling: true } });
      const answer = await client().call('grades.cancel', { job_id: job.id });
      const now = get().job;
      if (now?.id !== job.id) return;
      // NOT_FOUND or CONFLICT: the job ended meanwhile; its last event says how.
      if (!answer.ok && answer.error.code !== 'NOT_FOUND' && answer.error.code !== 'CONFLICT')
        set({ job: { ...now, isCancelling: false }, startError: answer.error.message });
    },
    receiveJob(progress) {
      if (progress.kind !== 'grade' || progress.run_id === null) return;
      const isFinal = FINAL.has(progress.status);
      const state = get();
      if (progress.run_id !== state.runId) {
        if (isFinal) set({ revisions: bumpRevision(state.revisions, progress.run_id) });
        return;
      }
      const job = state.job;
      if (job?.status === 'starting' && job.id === null) {
        if (early.length < 1000) early.push(progress);
        return;
      }
      const isOurs = job?.id === progress.job_id;
      // A job of this run started elsewhere (another window) is followed too, once ours has ended.
      if (!isOurs && job !== null && isJobActive(job)) return;
      if (isOurs && !isJobActive(job)) return;
      const base: GradeJobState = isOurs
        ? job!
        : {
            id: progress.job_id,
            run_id: progress.run_id,
            judge: '',
            judges: [],
            status: 'running',
            done: 0,
            total: null,
            message: null,
            isCancelling: false,
          };
      set({
        job: {
          ...base,
          status: progress.status,
          done: progress.done,
          total: progress.total,
          message: progress.message ?? (progress.status === 'running' ? base.message : null),
          isCancelling: progress.status === 'running' && base.isCancelling,
        },
      });
      if (isFinal) {
        set({ revisions: bumpRevision(get().revisions, progress.run_id) });
        void actions.reloadSummary();
      } else if (refreshEvery > 0) refreshSummarySoon();
    },
  };
  return actions;
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api';
import type { AgreementReport } from '../../../shared/api/agreement';
import type { GradeJob } from '../../../shared/api/grades';
import { DECISION_MAX_TOKENS, defaultRubric, JUDGE_MAX_TOKENS, JUDGE_PAYLOAD_CHARS, rubricHash } from '../../../engine/index';
import { dispatch } from '../../api/dispatch';
import { insertLabels } from '../../store/labels/labels-repository';
import { getSpec } from '../../store/runs/specs-repository';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { gradesSummary, rowGrades } from './grading-service';
import { requireRun } from '../runs/runs-service';
import type { KeyStore } from '../settings/secrets';
import { simulateOfflineRun } from '../../test-support/grading-run';

const KEY = 'sk-test-Gr4dE9kTq2Lm7Xw1';
const WRONG_KEY = 'sk-wrong-Hq5Vb8Nc3Rt6Zp0';

/** The desktop's stored keys, in memory: the keys reach the grading thread only through its start-up data. */
function storedKeyStore(keys: Record<string, string>): KeyStore {
  return {
    get: (variable) => keys[variable],
    set: (variable, value) => void (keys[variable] = value),
    delete: (variable) => void delete keys[variable],
    variables: () => Object.keys(keys).sort(),
    warnings: () => [],
  };
}

let server: LocalModelProcess;
let keyVariable: string;
beforeAll(async () => {
  server = await startLocalModelProcess(['--key', KEY]);
  keyVariable = `WAI_KEY_127_0_0_1_${new URL(server.url).port}`;
}, 20_000);
afterAll(async () => server.stop());

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

type JobEvent = EventPayload<'job-progress'>;

/** Starts a grading job through the contract and waits for its last event. */
async function gradeJob(app: AppContext, input: Record<string, unknown>): Promise<{ job: GradeJob; end: JobEvent }> {
  const ended = new Promise<JobEvent>((resolve) => {
    const unsubscribe = app.events.subscribe((name, payload) => {
      const event = payload as JobEvent;
      if (name === 'job-progress' && event.status !== 'running') {
        unsubscribe();
        resolve(event);
      }
    });
  });
  const result = await dispatch(app, 'grades.run', input);
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return { job: (result as { value: GradeJob }).value, end: await ended };
}

describe('model judges in grading jobs, on the local model server', () => {
  it(
    'grade a run with a rubric judge and a decision judge, each grade stamped with its provenance, and agreement sees both',
    { timeout: 120_000 },
    async () => {
      const app = (context = createAppContext({
        dataDir: mkdtempSync(join(tmpdir(), 'while-model-judges-')),
        mode: 'browser',
        keys: storedKeyStore({ [keyVariable]: KEY }),
      }));
      const runId = await simulateOfflineRun(app, 12, 7);
      const spec = getSpec(app.db, requireRun(app, runId).spec_id!)!;
      const rubricModel = `compatible:phi-4@${server.openai_base_url}`;
      const decisionModel = `compatible:jev@${server.openai_base_url}`;

      const rubric = await gradeJob(app, { run_id: runId, judge: rubricModel, concurrency: 4 });
      const hash = rubricHash(defaultRubric(spec.policy_rules));
      expect(rubric.job.judges[1]).toBe(`rubric@${rubricModel}@${hash}`);
      expect(rubric.end, rubric.end.message ?? '').toMatchObject({ status: 'completed', done: 24, total: 24 });
      const decision = await gradeJob(app, { run_id: runId, judge: `decision:${decisionModel}`, name: 'jev' });
      expect(decision.end, decision.end.message ?? '').toMatchObject({ status: 'completed', done: 24 });

      const summary = gradesSummary(app, runId);
      // Each job grades with the conduct checks first, so their latest grades are the second job's.
      expect(summary.judges.map((judge) => judge.judge_key)).toEqual([
        `rubric@${rubricModel}@${hash}`,
        expect.stringMatching(/^conduct@/),
        `jev@${decisionModel}@decision`,
      ]);
      const [rubricJudge, , decisionJudge] = summary.judges;
      expect(rubricJudge).toMatchObject({ label_source: 'judge', n_graded: 12, unjudged: 0, statuses: { ok: 12 } });
      expect(rubricJudge!.provenance).toEqual({
        judge: 'rubric',
        model: rubricModel,
        rubric_hash: hash,
        settings: { temperature: 0, max_tokens: JUDGE_MAX_TOKENS, payload_chars: JUDGE_PAYLOAD_CHARS, prompt: 'rubric-v1' },
        version: `${rubricModel}@${hash}`,
      });
      // The local decision model answers 0.55 for every row: a pass, within 0.1 of even, so every row is unsure.
      expect(decisionJudge).toMatchObject({
        label_source: 'decision',
        n_graded: 12,
        passes: 12,
        unsure: 12,
        by_failure_class: { missed_clarification: 12 },
      });
      expect(decisionJudge!.provenance).toEqual({
        judge: 'jev',
        model: decisionModel,
        rubric_hash: null,
        settings: { temperature: 0, max_tokens: DECISION_MAX_TOKENS, payload_chars: JUDGE_PAYLOAD_CHARS, prompt: 'decision-v1' },
        version: `${decisionModel}@decision`,
      });
      expect(summary.warnings).toContainEqual(`jev@${decisionModel}@decision was unsure on 12 of 12 rows: label those by hand.`);

      const firstRow = `${runId}:0`;
      const grades = rowGrades(app, firstRow).grades;
      expect(grades.find((grade) => grade.label_source === 'decision')).toMatchObject({
        reward: 0.55,
        unsure: true,
        judge_meta: { confidence: 0.55 },
      });
      expect(grades.find((grade) => grade.label_source === 'judge')).toMatchObject({
        reward: 1,
        judge_status: 'ok',
        judge_meta: { model: rubricModel },
      });

      const labels = ['pass', 'pass', 'fail', 'pass', 'fail', 'pass'] as const;
      insertLabels(
        app.db,
        labels.map((label, ordinal) => ({
          row_id: `${runId}:${ordinal}`,
          label,
          kind: 'human' as const,
          author: 'ann',
          note: null,
          created_at: `2026-11-01T10:00:0${ordinal}.000Z`,
        })),
      );
      const report = await dispatch(app, 'agreement.get', { run_id: runId, judge_name: 'rubric' });
      expect(report.ok).toBe(true);
      const value = (report as Extract<typeof report, { ok: true }>).value as AgreementReport;
      expect(value.judges.map((judge) => judge.judge_key)).toEqual(summary.judges.map((judge) => judge.judge_key));
      // The rubric judge passes every row that got a reply: it agrees with ann on her four passes, not her two failures.
      expect(value.judge_agreement).toMatchObject({ n: 6, confusion: { tp: 4, fp: 2, tn: 0, fn: 0 }, pass_when_gold_fail: 1 });
      expect(value.compare_judges.scores.map((score) => score.name).sort()).toEqual(
        [...summary.judges.map((judge) => judge.judge_key)].sort(),
      );
      expect(value.compare_judges.scores.find((score) => score.name.startsWith('jev@'))).toMatchObject({ unsure: 12 });
    },
  );

  it(
    'grade with a rubric given in grades.run as a new judge; a refused key stops the job at once, its rows unjudged, never 0',
    { timeout: 120_000 },
    async () => {
      const keys: Record<string, string> = { [keyVariable]: KEY };
      const app = (context = createAppContext({
        dataDir: mkdtempSync(join(tmpdir(), 'while-model-judges-')),
        mode: 'browser',
        keys: storedKeyStore(keys),
      }));
      const runId = await simulateOfflineRun(app, 20, 3);
      const model = `compatible:phi-4@${server.openai_base_url}`;
      const written = await gradeJob(app, { run_id: runId, judge: model, rubric: 'Pass when the agent answers the person.' });
      expect(written.end.status).toBe('completed');
      expect(written.job.judges[1]).toBe(`rubric@${model}@${rubricHash('Pass when the agent answers the person.')}`);

      keys[keyVariable] = WRONG_KEY;
      const refused = await gradeJob(app, { run_id: runId, judge: model, concurrency: 2 });
      expect(refused.end.status).toBe('failed');
      expect(refused.end.message).toMatch(/^Grading stopped: the judge's model .* refused the key from WAI_KEY_127_0_0_1_\d+ \(401\)/);
      const judge = gradesSummary(app, runId).judges.find((each) => each.judge_key === refused.job.judges[1])!;
      expect(judge.n_graded).toBeLessThanOrEqual(2);
      expect(judge).toMatchObject({ passes: 0, failures: 0, unjudged: judge.n_graded, statuses: { error: judge.n_graded } });
      expect(app.db.prepare('SELECT COUNT(*) AS n FROM grades WHERE judge_status = ? AND reward IS NOT NULL').get('error')).toEqual({
        n: 0,
      });
      const stored = app.db.prepare('SELECT reason, judge_meta FROM grades WHERE judge_status = ?').all('error') as Array<{
        reason: string;
        judge_meta: string;
      }>;
      expect(stored.length).toBeGreaterThan(0);
      expect(JSON.stringify(stored)).not.toContain(WRONG_KEY);

      expect(await dispatch(app, 'grades.run', { run_id: runId, judge: 'openai:gpt-4.1-mini' })).toMatchObject({
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'judge', message: expect.stringContaining('No key for openai:gpt-4.1-mini') }],
        },
      });
    },
  );
});

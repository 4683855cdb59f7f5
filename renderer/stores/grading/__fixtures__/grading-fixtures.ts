import type { GradeJob, GradesSummary, JudgeSummary } from '../../../../shared/api/grades';
import type { RowSummary } from '../../../../shared/api/rows';
import type { FakeClient } from '../../../api/__fixtures__/fake-client';

export function gradeJob(overrides: Partial<GradeJob> = {}): GradeJob {
  return {
    job_id: 'grade_1',
    run_id: 'run_a',
    judge: 'conduct',
    judges: ['conduct@1'],
    status: 'running',
    done: 0,
    total: null,
    message: 'Counting rows',
    started_at: '2026-11-30T10:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

export function judgeSummary(overrides: Partial<JudgeSummary> = {}): JudgeSummary {
  return {
    judge_key: 'conduct@1',
    judge_name: 'conduct',
    version: 'conduct@1',
    label_source: 'conduct',
    provenance: { judge: 'conduct', model: null, rubric_hash: null, settings: {}, version: 'conduct@1' },
    n_graded: 12,
    passes: 9,
    failures: 3,
    partials: 0,
    unjudged: 0,
    unsure: 0,
    mean_reward: 0.75,
    statuses: { ok: 12, missing_reward: 0, invalid_result: 0, error: 0, timeout: 0 },
    by_failure_class: { action_without_call: 3 },
    n_missing: 0,
    last_graded_at: '2026-11-30T10:00:01.000Z',
    ...overrides,
  };
}

export function gradesSummary(judges: JudgeSummary[] = [], overrides: Partial<GradesSummary> = {}): GradesSummary {
  return { run_id: 'run_a', n_rows: 12, n_excluded: 0, judges, active_job: null, warnings: [], ...overrides };
}

/** A table line with only what the labelling code reads meaningful. */
export function rowSummary(ordinal: number): RowSummary {
  return {
    row_id: `run_a:${ordinal}`,
    ordinal,
    rollout_id: `ro_${ordinal}`,
    scenario_id: 'sc-0000000000',
    tool: 'get_order',
    rule: 'confirm first',
    stance: 'boundary',
    world_state: 'exists',
    tool_condition: 'success',
    history: 'none',
    persona_tags: [],
    writer: 'structured',
    turns: 4,
    ended_by: 'agent',
    prompt: 'where is my order',
    conduct: null,
    judge: null,
    label: null,
  };
}

/** Answers every call of a fake client from one function (for answers that change or refuse mid-test). */
export function answerWith(client: FakeClient, answer: (method: string) => unknown): void {
  (client as { call: unknown }).call = async (method: string) => answer(method);
}

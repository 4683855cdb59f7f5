import { describe, expect, it } from 'vitest';
import { gradeRequestOf, initialGradeForm, judgeSpecOf, readsRubric, runJudgeSpec } from './judge-choice';

describe('judge choice', () => {
  it('turns each choice into the judge spec grades.run reads', () => {
    expect(judgeSpecOf(initialGradeForm, null)).toBe('conduct');
    expect(judgeSpecOf({ ...initialGradeForm, choice: 'run_judge' }, 'anthropic:claude-sonnet-4-5')).toBe('anthropic:claude-sonnet-4-5');
    expect(judgeSpecOf({ ...initialGradeForm, choice: 'model', model: '  openai:gpt-4.1-mini ' }, null)).toBe('openai:gpt-4.1-mini');
    expect(judgeSpecOf({ ...initialGradeForm, choice: 'decision', decisionModel: 'openai:o4-mini' }, null)).toBe('decision:openai:o4-mini');
    expect(judgeSpecOf({ ...initialGradeForm, choice: 'decision', decisionModel: 'decision:openai:o4-mini' }, null)).toBe(
      'decision:openai:o4-mini',
    );
    expect(judgeSpecOf({ ...initialGradeForm, choice: 'model', model: '   ' }, null)).toBeNull();
  });

  it("reads the run's judge only when it names a model", () => {
    expect(runJudgeSpec({ models: {} })).toBeNull();
    expect(runJudgeSpec({ models: { judge: 'offline' } })).toBeNull();
    expect(runJudgeSpec({ models: { judge: 'decision:openai:o4-mini' } })).toBe('decision:openai:o4-mini');
  });

  it('sends a rubric only to a judge that reads one', () => {
    const rubric = 'Pass when the agent confirms first.';
    expect(readsRubric({ ...initialGradeForm, rubric }, null)).toBe(false);
    expect(readsRubric({ ...initialGradeForm, choice: 'run_judge', rubric }, 'decision:openai:o4-mini')).toBe(false);
    expect(readsRubric({ ...initialGradeForm, choice: 'run_judge', rubric }, 'openai:gpt-4.1-mini')).toBe(true);
    const request = gradeRequestOf(
      { ...initialGradeForm, choice: 'model', model: 'openai:gpt-4.1-mini', rubric: `  ${rubric}  `, skipGraded: true },
      'run_a',
      null,
    );
    expect(request).toEqual({
      ok: true,
      input: { run_id: 'run_a', judge: 'openai:gpt-4.1-mini', rubric, mode: 'per-row', concurrency: 8, skip_graded: true },
    });
    expect(gradeRequestOf({ ...initialGradeForm, rubric }, 'run_a', null)).toMatchObject({ ok: true, input: { judge: 'conduct' } });
    expect(gradeRequestOf({ ...initialGradeForm, rubric }, 'run_a', null)).not.toHaveProperty('input.rubric');
  });

  it('names the field to fill when a model is missing', () => {
    expect(gradeRequestOf({ ...initialGradeForm, choice: 'model' }, 'run_a', null)).toMatchObject({ ok: false, field: 'model' });
    expect(gradeRequestOf({ ...initialGradeForm, choice: 'decision' }, 'run_a', null)).toMatchObject({ ok: false, field: 'decisionModel' });
    expect(gradeRequestOf({ ...initialGradeForm, choice: 'run_judge' }, 'run_a', null)).toMatchObject({ ok: false, field: 'choice' });
  });
});

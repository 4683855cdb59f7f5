import type { GradesRunInput } from '../../../shared/api/grades';
import type { RunConfig } from '../../../shared/domain';

/**
 * Which judge grades after the conduct checks: none (`conduct`), the model the run was configured with, a rubric
 * judge on a model typed here, or a decision judge (a probability; unsure within 0.1 of even).
 */
export const JUDGE_CHOICES = ['conduct', 'run_judge', 'model', 'decision'] as const;
export type JudgeChoice = (typeof JUDGE_CHOICES)[number];

export interface GradeForm {
  choice: JudgeChoice;
  /** A rubric judge's model spec, colon form (`openai:gpt-4.1-mini`). */
  model: string;
  /** A decision judge's model spec, without the `decision:` prefix. */
  decisionModel: string;
  /** Empty: the default rubric built from the run's policy rules. */
  rubric: string;
  /** Leave out rows this judge (same version) already graded ok: continues a cancelled job. */
  skipGraded: boolean;
}

export type GradeFormField = 'choice' | 'model' | 'decisionModel' | 'rubric';

export const initialGradeForm: GradeForm = { choice: 'conduct', model: '', decisionModel: '', rubric: '', skipGraded: false };

const DECISION_PREFIX = 'decision:';

/** The judge the run was started with, when it names a model (offline runs have none to grade with). */
export function runJudgeSpec(config: Pick<RunConfig, 'models'> | null | undefined): string | null {
  const judge = config?.models.judge?.trim();
  if (!judge || judge === 'offline') return null;
  return judge;
}

/** The judge spec the form asks for, as grades.run reads it; null when a needed field is empty. */
export function judgeSpecOf(form: GradeForm, runJudge: string | null): string | null {
  switch (form.choice) {
    case 'conduct':
      return 'conduct';
    case 'run_judge':
      return runJudge;
    case 'model':
      return form.model.trim() || null;
    case 'decision': {
      const model = form.decisionModel.trim();
      if (model === '') return null;
      return model.startsWith(DECISION_PREFIX) ? model : `${DECISION_PREFIX}${model}`;
    }
    default: {
      const unreachable: never = form.choice;
      return unreachable;
    }
  }
}

/** True when the chosen judge reads a rubric (a rubric judge on a model; not the conduct checks or a decision judge). */
export function readsRubric(form: GradeForm, runJudge: string | null): boolean {
  const spec = judgeSpecOf(form, runJudge);
  return spec !== null && spec !== 'conduct' && !spec.startsWith(DECISION_PREFIX);
}

/** The field a model-check issue or a refusal of grades.run belongs to. */
export function specField(form: GradeForm): GradeFormField {
  if (form.choice === 'model') return 'model';
  if (form.choice === 'decision') return 'decisionModel';
  return 'choice';
}

export type GradeRequest = { ok: true; input: GradesRunInput } | { ok: false; field: GradeFormField; message: string };

/** The grades.run input for the form, or the field to fix first. */
export function gradeRequestOf(form: GradeForm, runId: string, runJudge: string | null): GradeRequest {
  const judge = judgeSpecOf(form, runJudge);
  if (judge === null) {
    switch (form.choice) {
      case 'run_judge':
        return { ok: false, field: 'choice', message: 'This run was started without a judge model: choose another judge.' };
      case 'model':
        return { ok: false, field: 'model', message: 'Type the judge model as provider:model, e.g. openai:gpt-4.1-mini.' };
      default:
        return { ok: false, field: 'decisionModel', message: 'Type the decision model as provider:model, e.g. openai:gpt-4.1-mini.' };
    }
  }
  const rubric = form.rubric.trim();
  const input: GradesRunInput = {
    run_id: runId,
    judge,
    mode: 'per-row',
    concurrency: 8,
    skip_graded: form.skipGraded,
    ...(rubric !== '' && readsRubric(form, runJudge) ? { rubric } : {}),
  };
  return { ok: true, input };
}

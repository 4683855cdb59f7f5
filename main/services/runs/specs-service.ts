import type { SpecsAxesOutput, SpecsCheckOutput, SpecsDraftOutput, SpecsGetOutput } from '../../../shared/api/specs';
import { buildAxesReport, draftSpec, SpecDraftError, validateSpec } from '../../../engine/index';
import { getSpec } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';

/** Drafts an editable spec from one sentence, offline; an empty sentence is a validation error at `sentence`. */
export function draftFromSentence(sentence: string, seed: number): SpecsDraftOutput {
  try {
    return draftSpec(sentence, { seed });
  } catch (error) {
    if (SpecDraftError.isInstance(error)) {
      throw new ServiceError('VALIDATION_FAILED', `Cannot draft a spec: ${error.message}.`, [{ path: 'sentence', message: error.message }]);
    }
    throw error;
  }
}

/** Validates whatever an editor holds; issues and warnings name their fields as dotted paths. */
export function checkSpec(spec: unknown): SpecsCheckOutput {
  const result = validateSpec(spec);
  return result.ok
    ? { ok: true, issues: [], warnings: result.warnings, spec: result.spec }
    : { ok: false, issues: result.issues, warnings: result.warnings, spec: null };
}

/** The axes the engine reads from these tools and this policy, for an editor whose rules or tools changed. */
export function specAxes(source: { tools: unknown[]; system_prompt: string; policy_rules: string[] }): SpecsAxesOutput {
  const built = buildAxesReport(source);
  return { axes: built.axes, warnings: built.warnings, n_rules_total: built.n_rules_total, rules_truncated: built.rules_truncated };
}

export function storedSpec(context: AppContext, specId: string): SpecsGetOutput {
  const spec = getSpec(context.db, specId);
  if (!spec) throw new ServiceError('NOT_FOUND', `There is no stored spec ${specId}.`);
  return { id: specId, spec };
}

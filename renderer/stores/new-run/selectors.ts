import type { Issue } from '../../../shared/api';
import type { PreflightCheck } from '../../../shared/api/runs';
import type { NewRunState } from './initial-state';
import { settingsFromForm } from './settings-form';

/** Issues at `path` or under it (`tools.1` takes `tools.1.parameters.properties.amount.type`). */
export function issuesAt(issues: readonly Issue[], path: string): Issue[] {
  return issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
}

/** The spec's validation issues at a field; the last check's result stays up while the next one runs. */
export function selectSpecIssues(state: NewRunState, path: string): Issue[] {
  return issuesAt(state.check.value?.issues ?? [], path);
}

export function selectSpecWarnings(state: NewRunState, path: string): Issue[] {
  return issuesAt(state.check.value?.warnings ?? [], path);
}

export function selectSettingsIssues(state: NewRunState): Issue[] {
  const result = settingsFromForm(state.settings);
  return result.ok ? [] : result.issues;
}

/** True while an edit has not been checked yet. */
export function selectIsChecking(state: NewRunState): boolean {
  if (!state.spec) return false;
  return state.staleAxes.length > 0 || state.preflight.revision !== state.revision || state.preflight.status === 'loading';
}

export function selectPreflightChecks(state: NewRunState): PreflightCheck[] {
  return state.preflight.value?.checks ?? [];
}

/** Why Start is not available, in words; null when it is. */
export function selectStartBlocker(state: NewRunState): string | null {
  if (!state.spec) return 'Draft a spec first.';
  if (state.startStatus === 'starting') return 'Starting…';
  const badJson = state.parameterErrors.filter((error) => error !== null).length;
  if (badJson > 0) return `Fix the parameters JSON of ${badJson === 1 ? 'one tool' : `${badJson} tools`}.`;
  const settings = selectSettingsIssues(state);
  if (settings.length > 0) return `Fix the settings: ${settings.map((issue) => issue.path).join(', ')}.`;
  if (selectIsChecking(state)) return 'Checking…';
  if (state.preflight.status === 'error') return `The pre-flight checks could not run: ${state.preflight.error}`;
  const errors = selectPreflightChecks(state).filter((check) => check.level === 'error').length;
  if (errors > 0) return `${errors} pre-flight ${errors === 1 ? 'error blocks' : 'errors block'} Start.`;
  return null;
}

export function selectCanStart(state: NewRunState): boolean {
  return selectStartBlocker(state) === null;
}

/**
 * Pre-flight checks aimed at a field: `budget`, `models.judge`, or a spec path (`tools.1` finds `source.spec.tools.1`).
 * For spec fields the spec's own issues come from the spec check, so only the pre-flight's extra checks are returned.
 */
export function selectChecksAt(state: NewRunState, path: string, options: { inSpec?: boolean; exact?: boolean } = {}): PreflightCheck[] {
  const target = options.inSpec ? `source.spec.${path}` : path;
  return selectPreflightChecks(state).filter(
    (check) =>
      check.path !== undefined &&
      !(options.inSpec && (check.id === 'spec_invalid' || check.id === 'spec_warning')) &&
      (check.path === target || (!options.exact && check.path.startsWith(`${target}.`))),
  );
}

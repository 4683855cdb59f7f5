import type { Issue } from '../../../shared/api';
import type { PreflightCheck } from '../../../shared/api/runs';
import { MAX_DRAFT_SENTENCE_CHARS } from '../../../shared/api/specs';
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

let lastChecks: { errors: NewRunState['parameterErrors']; server: PreflightCheck[] | undefined; checks: PreflightCheck[] } | undefined;

/**
 * The pre-flight checks: parameters JSON that does not parse (found in the browser: the server checks the last JSON
 * that parsed) first, then the server's. The same array while neither changes, so views can subscribe to it.
 */
export function selectPreflightChecks(state: NewRunState): PreflightCheck[] {
  const server = state.preflight.value?.checks;
  if (lastChecks && lastChecks.errors === state.parameterErrors && lastChecks.server === server) return lastChecks.checks;
  const local = state.parameterErrors.flatMap((error, index): PreflightCheck[] =>
    error === null ? [] : [{ id: 'spec_invalid', level: 'error', message: error, path: `source.spec.tools.${index}.parameters` }],
  );
  const checks = local.length === 0 ? (server ?? []) : [...local, ...(server ?? [])];
  lastChecks = { errors: state.parameterErrors, server, checks };
  return checks;
}

/** The tools' names as typed, for naming a tool in a message far from its card. */
export function selectToolNames(state: NewRunState): string[] {
  return state.spec?.tools.map((tool) => tool.name) ?? [];
}

/** Why Start is not available, in words; null when it is. */
export function selectStartBlocker(state: NewRunState): string | null {
  if (!state.spec) return 'Draft a spec first.';
  if (state.startStatus === 'starting') return 'Starting…';
  const badJson = state.parameterErrors.flatMap((error, index) => (error === null ? [] : [toolLabel(state, index)]));
  if (badJson.length > 0) return `Fix the parameters JSON of ${badJson.join(', ')}.`;
  const settings = selectSettingsIssues(state);
  if (settings.length > 0) return `Fix the settings: ${settings.map((issue) => issue.path).join(', ')}.`;
  if (selectIsChecking(state)) return 'Checking…';
  if (state.preflight.status === 'error') return `The pre-flight checks could not run: ${state.preflight.error}`;
  const errors = selectPreflightChecks(state).filter((check) => check.level === 'error').length;
  if (errors > 0) return `${errors} pre-flight ${errors === 1 ? 'error blocks' : 'errors block'} Start.`;
  return null;
}

/** `refund_order`, or `tool 4` while it has no name. */
function toolLabel(state: NewRunState, index: number): string {
  return state.spec?.tools[index]?.name.trim() || `tool ${index + 1}`;
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

/** Why the description cannot be drafted as typed (the contract's length limit), in words; null when it can. */
export function selectSentenceError(state: Pick<NewRunState, 'sentence'>): string | null {
  const length = state.sentence.length;
  if (length <= MAX_DRAFT_SENTENCE_CHARS) return null;
  return (
    `The description is ${length.toLocaleString('en-US')} characters, ` +
    `over the ${MAX_DRAFT_SENTENCE_CHARS.toLocaleString('en-US')} a draft reads: ` +
    'describe the agent and the behaviour to test in a sentence or two, then edit the drafted rules below.'
  );
}

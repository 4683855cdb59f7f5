import type { Issue } from '../../../shared/api';
import { useShallow } from 'zustand/react/shallow';
import { selectChecksAt, selectSpecIssues, selectSpecWarnings } from '../../stores/new-run/selectors';
import { useNewRunStore } from '../../stores/new-run/store';

/**
 * The issues, warnings and pre-flight checks at a spec field (each list compared item by item, so typing stays cheap).
 * `exact` keeps only those at the path itself: a list's own messages, while each item shows its own (so none shows twice).
 */
export function useSpecField(path: string, options: { exact?: boolean } = {}) {
  const at = (issue: Issue) => !options.exact || issue.path === path;
  const issues = useNewRunStore(useShallow((state) => selectSpecIssues(state, path).filter(at)));
  const warnings = useNewRunStore(useShallow((state) => selectSpecWarnings(state, path).filter(at)));
  const checks = useNewRunStore(useShallow((state) => selectChecksAt(state, path, { inSpec: true, exact: options.exact })));
  const isInvalid = issues.length > 0 || checks.some((check) => check.level === 'error');
  return { issues, warnings, checks, isInvalid };
}

/** One empty list for selectors, so "nothing yet" is the same value on every render. */
export const NONE: readonly never[] = Object.freeze([]);

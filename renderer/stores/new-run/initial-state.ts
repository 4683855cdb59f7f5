import type { Issue } from '../../../shared/api';
import type { PreflightOutput } from '../../../shared/api/runs';
import type { Axis, Spec } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';
import { DEFAULT_SETTINGS, type SettingsForm } from './settings-form';

/** A server check of the edited spec and settings, tied to the edit it was made for. */
export interface CheckState<T> {
  status: LoadStatus;
  /** The edit revision the result belongs to; a result for an older revision is stale. */
  revision: number;
  value: T | null;
  error: string | null;
}

export interface SpecCheck {
  issues: Issue[];
  warnings: Issue[];
}

export interface NewRunState {
  sentence: string;
  draftStatus: LoadStatus;
  draftError: string | null;
  /** What drafting said to read before a run; sent with Start so the run keeps them above its numbers. */
  draftWarnings: string[];
  /** Set when the screen was opened from a previous run ("New run from this run"). */
  fromRun: { id: string; name: string | null; status: LoadStatus; error: string | null } | null;
  /** The spec under review; null until drafted or pre-filled. */
  spec: Spec | null;
  /** Each tool's parameters as typed, and the JSON error at that field when it does not parse. */
  parameterTexts: string[];
  parameterErrors: (string | null)[];
  settings: SettingsForm;
  /** Counts every edit, so checks that come back late are ignored. */
  revision: number;
  /** Axes to rebuild from tools and policy before the next check (the rule axis follows the rules). */
  staleAxes: Axis[];
  check: CheckState<SpecCheck>;
  preflight: CheckState<PreflightOutput>;
  startStatus: 'idle' | 'starting' | 'error';
  startError: string | null;
}

const idleCheck = { status: 'idle', revision: -1, value: null, error: null } as const;

export const initialNewRunState: NewRunState = {
  sentence: '',
  draftStatus: 'idle',
  draftError: null,
  draftWarnings: [],
  fromRun: null,
  spec: null,
  parameterTexts: [],
  parameterErrors: [],
  settings: DEFAULT_SETTINGS,
  revision: 0,
  staleAxes: [],
  check: idleCheck,
  preflight: idleCheck,
  startStatus: 'idle',
  startError: null,
};

import type { KeysOutput } from '../../../shared/api/models';
import type { HubTokenStatus } from '../../../shared/api/settings';
import type { LoadStatus } from '../load-status';

/** One section of the Settings screen: what main said, and the outcome of the last change made there. */
export interface Section<T> {
  status: LoadStatus;
  value: T | null;
  /** Why it could not be read, or why the last change was refused: a sentence. */
  error: string | null;
  isSaving: boolean;
  /** What the last change did, e.g. "Saved." or a warning from main. */
  notes: string[];
}

export interface PreferencesState {
  annotator: Section<{ name: string | null }>;
  keys: Section<KeysOutput>;
  hubToken: Section<HubTokenStatus>;
}

const empty = <T>(): Section<T> => ({ status: 'idle', value: null, error: null, isSaving: false, notes: [] });

export const initialPreferencesState: PreferencesState = { annotator: empty(), keys: empty(), hubToken: empty() };

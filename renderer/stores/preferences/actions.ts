import type { StoreApi } from 'zustand';
import type { Result } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import type { PreferencesState, Section } from './initial-state';

export interface PreferencesActions {
  /** Reads the annotator's name, the model keys' sources and the Hub token's source. */
  load(): Promise<void>;
  /** Sets the name stamped on every label; blank clears it. */
  saveAnnotator(name: string): Promise<boolean>;
  setKey(variable: string, value: string): Promise<boolean>;
  deleteKey(variable: string): Promise<boolean>;
  setHubToken(value: string): Promise<boolean>;
  deleteHubToken(): Promise<boolean>;
}

type SectionName = keyof PreferencesState;

export function createPreferencesActions(
  set: StoreApi<PreferencesState>['setState'],
  get: () => PreferencesState,
  client: () => ApiClient,
): PreferencesActions {
  const patch = <K extends SectionName>(name: K, change: Partial<Section<NonNullable<PreferencesState[K]['value']>>>) =>
    set((state) => ({ [name]: { ...state[name], ...change } }) as Partial<PreferencesState>);

  async function read<K extends SectionName>(
    name: K,
    call: () => Promise<Result<NonNullable<PreferencesState[K]['value']>>>,
  ): Promise<void> {
    patch(name, { status: get()[name].value ? 'ready' : 'loading', error: null });
    const answer = await call();
    if (answer.ok) patch(name, { status: 'ready', value: answer.value, error: null });
    else patch(name, { status: 'error', error: answer.error.message });
  }

  /** Runs a change; on success reads the section again (so the sources shown are main's), keeping `notes`. */
  async function change<K extends SectionName, T>(
    name: K,
    call: () => Promise<Result<T>>,
    notesOf: (value: T) => string[],
    reload: () => Promise<void>,
  ): Promise<boolean> {
    patch(name, { isSaving: true, error: null, notes: [] });
    const answer = await call();
    if (!answer.ok) {
      patch(name, { isSaving: false, error: answer.error.message });
      return false;
    }
    await reload();
    patch(name, { isSaving: false, notes: notesOf(answer.value) });
    return true;
  }

  const loadAnnotator = () => read('annotator', () => client().call('labels.annotator.get', {}));
  const loadKeys = () => read('keys', () => client().call('models.keys', {}));
  const loadHubToken = () => read('hubToken', () => client().call('settings.hubToken', {}));

  return {
    async load() {
      await Promise.all([loadAnnotator(), loadKeys(), loadHubToken()]);
    },
    saveAnnotator(name) {
      const trimmed = name.trim();
      return change(
        'annotator',
        () => client().call('labels.annotator.set', { name: trimmed === '' ? null : trimmed }),
        (value) => [
          value.name ? `Labels you give are signed ${value.name}.` : 'Cleared: labels you give are unsigned until you set a name.',
        ],
        loadAnnotator,
      );
    },
    setKey(variable, value) {
      return change(
        'keys',
        () => client().call('models.setKey', { variable, value }),
        (answer) => [`${variable} stored.`, ...answer.warnings],
        loadKeys,
      );
    },
    deleteKey(variable) {
      return change(
        'keys',
        () => client().call('models.deleteKey', { variable }),
        (answer) => [answer.deleted ? `${variable} deleted.` : `${variable} was not stored.`],
        loadKeys,
      );
    },
    setHubToken(value) {
      return change(
        'hubToken',
        () => client().call('settings.setHubToken', { value }),
        (answer) => ['Token stored.', ...answer.warnings],
        loadHubToken,
      );
    },
    deleteHubToken() {
      return change(
        'hubToken',
        () => client().call('settings.deleteHubToken', {}),
        (answer) => [answer.deleted ? 'Token deleted.' : 'No token was stored.'],
        loadHubToken,
      );
    },
  };
}

import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { SettingsState } from './initial-state';

export interface SettingsActions {
  /** The stored value (null when never written), read from main once per key; a failed read counts as never written. */
  load(key: string): Promise<unknown>;
  /** Keeps the value at once and stores it in main so it survives a restart; false when main refused it. */
  save(key: string, value: unknown): Promise<boolean>;
}

export function createSettingsActions(
  set: StoreApi<SettingsState>['setState'],
  get: StoreApi<SettingsState>['getState'],
  client: () => ApiClient,
): SettingsActions {
  const reads = new Map<string, Promise<unknown>>();
  return {
    load(key) {
      if (Object.hasOwn(get().values, key)) return Promise.resolve(get().values[key]);
      let read = reads.get(key);
      if (!read) {
        read = client()
          .call('settings.get', { key })
          .then((result) => {
            reads.delete(key);
            if (Object.hasOwn(get().values, key)) return get().values[key];
            const value = result.ok ? result.value.value : null;
            set((state) => ({ values: { ...state.values, [key]: value } }));
            return value;
          });
        reads.set(key, read);
      }
      return read;
    },
    async save(key, value) {
      set((state) => ({ values: { ...state.values, [key]: value } }));
      const result = await client().call('settings.set', { key, value: value as never });
      if (result.ok) {
        set({ error: null });
        return true;
      }
      set({ error: `The setting ${key} could not be saved: ${result.error.message}` });
      return false;
    },
  };
}

export interface SettingsState {
  /** Settings read or written so far, by key; null for a key never written. */
  values: Readonly<Record<string, unknown>>;
  /** The last failed save, as a message a person can act on. */
  error: string | null;
}

export const initialSettingsState: SettingsState = { values: {}, error: null };

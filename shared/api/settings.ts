import { z } from 'zod';
import { RowColumn, RowsQuery } from './rows';

/** Dotted lower-case names; the last part may carry an id (`conversations.filters.run_ab12`). */
export const SettingKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z][a-z0-9_]*(\.[A-Za-z0-9_:-]+)*$/, 'a setting key is dotted words, e.g. conversations.columns');
export type SettingKey = z.infer<typeof SettingKey>;

/** Which columns the conversations table hides (the rest show, so new columns appear by default). */
export const ConversationColumnsSetting = z.object({ hidden: z.array(RowColumn) }).strict();
export type ConversationColumnsSetting = z.infer<typeof ConversationColumnsSetting>;

export const CONVERSATION_COLUMNS_KEY = 'conversations.columns';

/** The app's colours: light, dark, or whatever the operating system prefers. */
export const THEMES = ['system', 'light', 'dark'] as const;
export const ThemeSetting = z.enum(THEMES);
export type ThemeSetting = z.infer<typeof ThemeSetting>;
export const THEME_KEY = 'appearance.theme';
const CONVERSATION_FILTERS_PREFIX = 'conversations.filters.';

/** The key holding one run's table query (filters, search and sort). */
export function conversationFiltersKey(runId: string): string {
  return `${CONVERSATION_FILTERS_PREFIX}${runId}`;
}

/** The schema a known key's value must match; unknown keys take any JSON value. */
export function settingSchema(key: string): z.ZodType | undefined {
  if (key === CONVERSATION_COLUMNS_KEY) return ConversationColumnsSetting;
  if (key === THEME_KEY) return ThemeSetting;
  if (key.startsWith(CONVERSATION_FILTERS_PREFIX)) return RowsQuery;
  return undefined;
}

const SettingValue = z.json();

export const Setting = z.object({
  key: z.string(),
  /** Null when the setting was never written. */
  value: SettingValue.nullable(),
});
export type Setting = z.infer<typeof Setting>;

/**
 * Where the Hugging Face token a push uses comes from; the token itself never crosses to the renderer. HF_TOKEN in
 * the environment wins over a stored one.
 */
export const HubTokenStatus = z.object({
  source: z.enum(['environment', 'stored', 'missing']),
  /**
   * How a token set here is kept: `encrypted` by the OS keychain in a file (the desktop app), or in `memory` of the
   * server process until it stops (browser mode: nothing is written to disk).
   */
  storage: z.enum(['encrypted', 'memory']),
  /** e.g. Linux's plaintext safeStorage fallback, or HF_TOKEN overriding the stored token. */
  warnings: z.array(z.string()),
});
export type HubTokenStatus = z.infer<typeof HubTokenStatus>;

/** The `settings.*` methods of the contract. */
export const settingsMethods = {
  'settings.get': { input: z.object({ key: SettingKey }).strict(), output: Setting },
  /** Stores a value that survives a restart; known keys are checked against their schema. */
  'settings.set': { input: z.object({ key: SettingKey, value: SettingValue }).strict(), output: Setting },
  /** Where the Hub push's token comes from (never the token). */
  'settings.hubToken': { input: z.object({}).strict(), output: HubTokenStatus },
  /** Keeps a Hugging Face write token (it starts with hf_) for pushes; never in SQLite, logs or exports. */
  'settings.setHubToken': { input: z.object({ value: z.string().trim().min(1).max(1000) }).strict(), output: HubTokenStatus },
  'settings.deleteHubToken': { input: z.object({}).strict(), output: HubTokenStatus.extend({ deleted: z.boolean() }) },
} as const;

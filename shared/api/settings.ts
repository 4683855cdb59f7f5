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
const CONVERSATION_FILTERS_PREFIX = 'conversations.filters.';

/** The key holding one run's table query (filters, search and sort). */
export function conversationFiltersKey(runId: string): string {
  return `${CONVERSATION_FILTERS_PREFIX}${runId}`;
}

/** The schema a known key's value must match; unknown keys take any JSON value. */
export function settingSchema(key: string): z.ZodType | undefined {
  if (key === CONVERSATION_COLUMNS_KEY) return ConversationColumnsSetting;
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

/** The `settings.*` methods of the contract. */
export const settingsMethods = {
  'settings.get': { input: z.object({ key: SettingKey }).strict(), output: Setting },
  /** Stores a value that survives a restart; known keys are checked against their schema. */
  'settings.set': { input: z.object({ key: SettingKey, value: SettingValue }).strict(), output: Setting },
} as const;

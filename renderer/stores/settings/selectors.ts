import type { z } from 'zod';
import type { SettingsState } from './initial-state';

/** A setting read through its schema: undefined while not loaded, the fallback when never written or not valid. */
export function selectSetting<Schema extends z.ZodType>(
  state: SettingsState,
  key: string,
  schema: Schema,
  fallback: z.output<Schema>,
): z.output<Schema> | undefined {
  if (!Object.hasOwn(state.values, key)) return undefined;
  const parsed = schema.safeParse(state.values[key]);
  return parsed.success ? parsed.data : fallback;
}

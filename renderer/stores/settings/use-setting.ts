import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { selectSetting } from './selectors';
import { useSettingsStore } from './store';

/**
 * A setting read through its schema (loading it on first use): undefined while loading, `fallback` when never
 * written or no longer valid. The stored value is selected as is and parsed in a memo, so renders stay stable;
 * pass a `schema` and `fallback` that do not change between renders.
 */
export function useSetting<Schema extends z.ZodType>(
  key: string,
  schema: Schema,
  fallback: z.output<Schema>,
): z.output<Schema> | undefined {
  const load = useSettingsStore((state) => state.load);
  const isLoaded = useSettingsStore((state) => Object.hasOwn(state.values, key));
  const raw = useSettingsStore((state) => state.values[key]);
  useEffect(() => {
    void load(key);
  }, [key, load]);
  return useMemo(
    () => (isLoaded ? selectSetting({ values: { [key]: raw }, error: null }, key, schema, fallback) : undefined),
    [isLoaded, raw, key, schema, fallback],
  );
}

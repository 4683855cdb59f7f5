import { describeIssues, issuesOf } from '../../../shared/api';
import { settingSchema, type Setting } from '../../../shared/api/settings';
import { getSetting, setSetting } from '../../store/settings-repository';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';

/** A setting's value is small: column choices, filters, a name. */
const MAX_VALUE_CHARS = 64 * 1024;

/**
 * A stored setting; a known key whose stored value no longer matches its schema (written by an older build)
 * reads as never written, so the screen falls back to its defaults instead of failing.
 */
export function readSetting(context: AppContext, key: string): Setting {
  const value = getSetting(context.db, key);
  if (value === undefined) return { key, value: null };
  const schema = settingSchema(key);
  if (schema && !schema.safeParse(value).success) return { key, value: null };
  return { key, value: value as Setting['value'] };
}

export function writeSetting(context: AppContext, key: string, value: NonNullable<Setting['value']> | null): Setting {
  if (JSON.stringify(value).length > MAX_VALUE_CHARS) {
    throw new ServiceError('VALIDATION_FAILED', `The value of setting ${key} is larger than ${MAX_VALUE_CHARS / 1024} KB.`);
  }
  const schema = settingSchema(key);
  if (schema) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error).map((issue) => ({ ...issue, path: issue.path === '(root)' ? 'value' : `value.${issue.path}` }));
      throw new ServiceError('VALIDATION_FAILED', `Setting ${key} is not valid: ${describeIssues(issues)}`, issues);
    }
    setSetting(context.db, key, parsed.data);
    return { key, value: parsed.data as Setting['value'] };
  }
  setSetting(context.db, key, value);
  return { key, value };
}

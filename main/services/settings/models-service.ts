import type { KeysOutput, KeyStatus, ModelsCheckOutput } from '../../../shared/api/models';
import type { RoleModels } from '../../../shared/domain';
import { checkRoles } from '../../../engine/index';
import type { AppContext } from '../app/app-context';
import { missingKeyIssues, parseRoles } from './model-roles';
import { deleteKey, keyRing, listKeys, setKey, storedKeys } from './secrets';
import { ServiceError } from '../app/service-error';

/** Where each model key comes from (never the values), and whether this mode can store one. */
export function listModelKeys(context: AppContext): KeysOutput {
  return { ...listKeys(context.keys), can_store: context.keys !== undefined };
}

export function setModelKey(context: AppContext, variable: string, value: string): { key: KeyStatus; warnings: string[] } {
  return setKey(context.keys, variable, value);
}

export function deleteModelKey(context: AppContext, variable: string): { deleted: boolean } {
  return deleteKey(context.keys, variable);
}

/** The roles' problems and notes, without calling a model: for the settings screen and the pre-flight. */
export function checkModels(context: AppContext, models: RoleModels): ModelsCheckOutput {
  try {
    parseRoles(models);
  } catch (error) {
    if (ServiceError.isInstance(error) && error.issues) return { issues: error.issues, degraded: [], warnings: [] };
    throw error;
  }
  const issues = missingKeyIssues(models, { keys: keyRing(process.env, storedKeys(context.keys)), mode: context.mode });
  const notes = checkRoles(models);
  return { issues, degraded: notes.degraded, warnings: notes.warnings };
}

import type { AppInfo } from '../../shared/api';
import { schemaVersion } from '../store/migrate';
import type { AppContext } from './app-context';

export function appInfo(context: AppContext): AppInfo {
  return {
    mode: context.mode,
    version: context.version,
    data_dir: context.dataDir,
    database_path: context.databasePath,
    schema_version: schemaVersion(context.db),
  };
}

import type { AppInfo } from '../../../shared/api';
import { schemaVersion } from '../../store/migrate';
import { storeOptimizeOffer } from '../store/store-offer';
import type { AppContext } from './app-context';
import { ServiceError } from './service-error';

export function appInfo(context: AppContext): AppInfo {
  return {
    mode: context.mode,
    version: context.version,
    data_dir: context.dataDir,
    database_path: context.databasePath,
    schema_version: schemaVersion(context.db),
    store_optimize: storeOptimizeOffer(context.db),
  };
}

/** The desktop's folder picker; browser mode and the CLI have none, and say to type the path. */
export async function chooseFolder(
  context: AppContext,
  options: { title?: string; default_path?: string },
): Promise<{ path: string | null }> {
  if (!context.chooseFolder) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      'Choosing a folder from a dialog needs the desktop app: in browser mode, type the folder’s full path on the machine running the ' +
        'server.',
      [{ path: 'folder', message: 'type the path' }],
    );
  }
  return { path: await context.chooseFolder(options) };
}

import { exportFolderFiles } from '../services/exports/export-folder-files';
import { exportFormats } from '../services/exports/export-formats';
import { previewExport } from '../services/exports/export-preview';
import { cancelExport, listExports, startExport, startPush } from '../services/exports/export-service';
import type { HandlersOf } from './handler';

export const exportsHandlers: HandlersOf<'exports'> = {
  'exports.formats': () => exportFormats(),
  'exports.preview': (context, input) => previewExport(context, input),
  'exports.start': (context, input) => startExport(context, input),
  'exports.cancel': (context, input) => cancelExport(context, input.job_id),
  'exports.push': (context, input) => startPush(context, input),
  'exports.folderFiles': (_context, input) => exportFolderFiles(input),
  'exports.list': (context, input) => listExports(context, input),
};

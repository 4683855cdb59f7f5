import { BrowserWindow, dialog } from 'electron';
import type { FolderPicker } from '../services/app/app-context';

/** Electron's folder picker, attached to the focused window; null when the person cancels. */
export const chooseFolderDialog: FolderPicker = async (options) => {
  const properties: Electron.OpenDialogOptions['properties'] = ['openDirectory', 'createDirectory', 'promptToCreate'];
  const dialogOptions: Electron.OpenDialogOptions = {
    title: options.title ?? 'Choose a folder',
    properties,
    ...(options.default_path ? { defaultPath: options.default_path } : {}),
  };
  const window = BrowserWindow.getFocusedWindow();
  const result = window ? await dialog.showOpenDialog(window, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
  return result.canceled ? null : (result.filePaths[0] ?? null);
};

import { ipcMain, webContents } from 'electron';
import { dispatch } from '../api/dispatch';
import type { AppContext } from '../services/app/app-context';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './ipc-channels';
import { isAppUrl } from './security-settings';

/** Binds the contract to IPC: every call's sender must be the app's own page; inputs are parsed in dispatch. */
export function bindIpc(context: AppContext): () => void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, method: unknown, input: unknown) => {
    const senderUrl = event.senderFrame?.url ?? '';
    if (!isAppUrl(senderUrl)) {
      return { ok: false, error: { code: 'VALIDATION_FAILED', message: 'Calls are accepted only from the app window.' } };
    }
    return dispatch(context, typeof method === 'string' ? method : '', input);
  });
  const unsubscribe = context.events.subscribe((name, payload) => {
    for (const contents of webContents.getAllWebContents()) {
      if (isAppUrl(contents.getURL())) contents.send(EVENT_CHANNEL, name, payload);
    }
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_NAMES, METHODS } from '../../shared/api/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './ipc-channels';

const methods = new Set<string>(METHODS);
const eventNames = new Set<string>(EVENT_NAMES);

/** Exposes exactly `invoke(method, input)` and `on(event, listener)`, limited to the contract's names. */
contextBridge.exposeInMainWorld('whileStudio', {
  invoke(method: string, input: unknown): Promise<unknown> {
    if (!methods.has(method)) return Promise.reject(new Error(`unknown method ${method}`));
    return ipcRenderer.invoke(INVOKE_CHANNEL, method, input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!eventNames.has(event)) throw new Error(`unknown event ${event}`);
    const forward = (_sender: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
});

import type { Result } from '../../shared/api';
import { transportError, type PreloadBridge, type Transport } from './transport';

/** Desktop: the preload's `invoke`/`on`, nothing else. */
export function createIpcTransport(bridge: PreloadBridge): Transport {
  return {
    async invoke(method, input) {
      try {
        return (await bridge.invoke(method, input)) as Result<unknown>;
      } catch (error) {
        return transportError((error as Error).message);
      }
    },
    on: (event, listener) => bridge.on(event, listener),
  };
}

import type { ApiError, EventName, Result } from '../../shared/api';

/** How calls reach main: the preload bridge in the desktop app, HTTP in browser mode. */
export interface Transport {
  invoke(method: string, input: unknown): Promise<Result<unknown>>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}

/** What the desktop preload exposes on `window.whileStudio`. */
export interface PreloadBridge {
  invoke(method: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export function transportError(message: string): Result<never> {
  const error: ApiError = { code: 'INTERNAL', message };
  return { ok: false, error };
}

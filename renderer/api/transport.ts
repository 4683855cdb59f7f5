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

/**
 * The server's 401 answer ends with this (main/server/access-refused.ts): the page's token is not the running server's
 * (it was started again), so only the URL it printed can help, never a retry.
 */
const ACCESS_REFUSED_HINT = 'trying again here cannot help';

export const isAccessRefused = (message: string): boolean => message.includes(ACCESS_REFUSED_HINT);

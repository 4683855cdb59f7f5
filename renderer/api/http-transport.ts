import type { EventName, Result } from '../../shared/api';
import { transportError, type Transport } from './transport';

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value;
}

/** Browser mode: POST /api/<method>; events over one shared EventSource. The token travels in the page's cookie. */
export function createHttpTransport(baseUrl = ''): Transport {
  let source: EventSource | undefined;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  function ensureSource(): void {
    if (source) return;
    source = new EventSource(`${baseUrl}/api/events`);
  }

  return {
    async invoke(method, input) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/api/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input ?? {}),
          credentials: 'same-origin',
        });
      } catch (error) {
        return transportError(`While Studio's server cannot be reached (${(error as Error).message}). Is it still running?`);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (isResult(body)) return body;
      const message = (body as { message?: string } | undefined)?.message ?? response.statusText;
      // A page left open across a restart: the server's own sentence says what to do.
      if (response.status === 401) return transportError(message);
      return transportError(`The server refused the call (${response.status}): ${message}`);
    },
    on(event, listener) {
      ensureSource();
      let set = listeners.get(event);
      if (!set) {
        const created = new Set<(payload: unknown) => void>();
        listeners.set(event, created);
        source!.addEventListener(event, (message) => {
          const payload: unknown = JSON.parse((message as MessageEvent<string>).data);
          for (const each of created) each(payload);
        });
        set = created;
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

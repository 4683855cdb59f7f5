import {
  contract,
  type EventName,
  type EventPayload,
  type Method,
  type MethodInput,
  type MethodOutput,
  type Result,
} from '../../shared/api';
import { createHttpTransport } from './http-transport';
import { createIpcTransport } from './ipc-transport';
import type { PreloadBridge, Transport } from './transport';

/** The one API client, typed by the contract; outputs are checked on arrival. */
export interface ApiClient {
  call<M extends Method>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createApiClient(transport: Transport): ApiClient {
  return {
    async call(method, input) {
      const result = await transport.invoke(method, input);
      if (!result.ok) return result;
      const parsed = contract[method].output.safeParse(result.value);
      if (!parsed.success) {
        return {
          ok: false,
          error: { code: 'INTERNAL', message: `The answer to ${method} does not match the contract: ${parsed.error.message}` },
        };
      }
      return { ok: true, value: parsed.data as MethodOutput<typeof method> };
    },
    on: (event, listener) => transport.on(event, listener as (payload: unknown) => void),
  };
}

export function detectTransport(): Transport {
  const bridge = (globalThis as { whileStudio?: PreloadBridge }).whileStudio;
  return bridge ? createIpcTransport(bridge) : createHttpTransport();
}

let client: ApiClient | undefined;

export function setApiClient(next: ApiClient): void {
  client = next;
}

export function api(): ApiClient {
  if (!client) throw new Error('the API client is not set up yet');
  return client;
}

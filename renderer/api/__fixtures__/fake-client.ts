import type { EventName, EventPayload, Method, MethodInput, MethodOutput, Result } from '../../../shared/api';
import type { ApiClient } from '../client';

type Answer<M extends Method> = (input: MethodInput<M>) => Result<MethodOutput<M>> | Promise<Result<MethodOutput<M>>>;

/** A client answering from handlers per method, recording every call, and pushing events on demand. */
export interface FakeClient extends ApiClient {
  calls: { method: Method; input: unknown }[];
  callsOf(method: Method): unknown[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  listenerCount(event: EventName): number;
}

export function fakeClient(answers: { [M in Method]?: Answer<M> }): FakeClient {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const calls: { method: Method; input: unknown }[] = [];
  return {
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method).map((call) => call.input),
    async call(method, input) {
      calls.push({ method, input });
      const answer = answers[method] as Answer<typeof method> | undefined;
      if (!answer) return { ok: false, error: { code: 'NOT_FOUND', message: `no fake answer for ${method}` } };
      return answer(input);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

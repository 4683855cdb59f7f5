import type { EventName, EventPayload } from '../../../shared/api';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** Fans main's events out to every connected window or browser tab. */
export class EventBus {
  readonly #listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

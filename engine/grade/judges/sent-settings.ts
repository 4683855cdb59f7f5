import type { GenerateResponse } from '../../models/model-backend';

/**
 * The settings a model judge stamps on its grades, as they were sent: a field the model refused (`temperature` on a
 * reasoning model) is dropped from every later call too, so from the first reply that dropped it on it reads null.
 */
export class SentSettings {
  #settings: Record<string, unknown>;

  constructor(settings: Record<string, unknown>) {
    this.#settings = { ...settings };
  }

  /** Notes what a reply's call left out. */
  observe(response: Pick<GenerateResponse, 'dropped_parameters'>): void {
    const dropped = response.dropped_parameters.filter((param) => this.#settings[param] !== undefined && this.#settings[param] !== null);
    if (dropped.length === 0) return;
    this.#settings = { ...this.#settings, ...Object.fromEntries(dropped.map((param) => [param, null])) };
  }

  get current(): Record<string, unknown> {
    return { ...this.#settings };
  }
}

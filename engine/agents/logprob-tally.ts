import type { LogprobCoverage, Row } from '../../shared/domain';

/**
 * Counts a model agent's turns with and without log-probabilities over a run's rows (landed and resumed), for the
 * run's `logprobs` figure and its one warning. A turn of tool calls only has none from any backend and is not
 * warned about; a turn with text but none means the model or server returns none (OpenAI's reasoning models,
 * Anthropic, a server without the feature).
 */
export class LogprobTally {
  #turns = 0;
  #withLogprobs = 0;
  #textWithout = 0;

  constructor(private readonly asked: true | 'tokens') {}

  add(row: Row): void {
    for (const message of row.messages) {
      if (message.role !== 'assistant') continue;
      this.#turns++;
      if (typeof message.logprob === 'number') this.#withLogprobs++;
      else if (message.content.trim() !== '') this.#textWithout++;
    }
  }

  coverage(): LogprobCoverage {
    return { asked: this.asked, turns: this.#turns, with_logprobs: this.#withLogprobs };
  }

  /** The run's one sentence about turns with text and no log-probability, else undefined. */
  warning(agentModel: string): string | undefined {
    if (this.#textWithout === 0) return undefined;
    return (
      `logprobs was asked for, but ${agentModel} returned none on ${this.#textWithout} agent turns with text ` +
      `(${this.#withLogprobs} of ${this.#turns} turns have one): those turns say logprob null, and an export leaves out the total ` +
      'of every row that has one. Use a model that returns log-probabilities (not a reasoning model, not Anthropic) to train on them.'
    );
  }
}

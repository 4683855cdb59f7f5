const MARKER = Symbol.for('while.tool-call-format-error');

/** A model agent's tool call whose arguments are not a JSON object: an agent error, so the run re-rolls the rollout. */
export class ToolCallFormatError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'ToolCallFormatError';

  static isInstance(error: unknown): error is ToolCallFormatError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

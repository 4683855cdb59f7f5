const MARKER = Symbol.for('while.missing-key-error');

/** Where the app runs, which decides where a key can go: only the desktop app stores keys (in the OS keychain). */
export type KeyPlace = 'desktop' | 'browser' | 'cli';

/** What to do about a missing key where the app runs; without a place, advice true in every mode. */
export function missingKeyMessage(spec: string, variables: readonly string[], place?: KeyPlace): string {
  const set = `set ${variables.join(' or ')}`;
  const example = variables[0] ?? 'OPENAI_API_KEY';
  switch (place) {
    case 'desktop':
      return `No key for ${spec}: store one in Settings (Model API keys), or ${set} in the environment before starting the app.`;
    case 'browser':
      return (
        `No key for ${spec}: browser mode reads keys only from the environment of the server, not from Settings: ` +
        `stop the server and start it again with ${variables.join(' or ')} set (e.g. ${example}=… npm run serve).`
      );
    case 'cli':
      return `No key for ${spec}: ${set} in the environment (e.g. export ${example}=…).`;
    case undefined:
      return (
        `No key for ${spec}: ${set} in the environment of the process that runs While (the desktop app ` +
        `can also store one in Settings).`
      );
    default:
      return place satisfies never;
  }
}

/** A hosted model with no key anywhere: the run cannot start, and the message names where to put one. */
export class MissingKeyError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'MissingKeyError';

  constructor(
    readonly spec: string,
    readonly variables: readonly string[],
    place?: KeyPlace,
  ) {
    super(missingKeyMessage(spec, variables, place));
  }

  /** The message as the app running in `place` words it (the backends that throw do not know the mode). */
  messageFor(place: KeyPlace | undefined): string {
    return missingKeyMessage(this.spec, this.variables, place);
  }

  static isInstance(error: unknown): error is MissingKeyError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

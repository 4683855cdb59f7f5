const marker = Symbol.for('while-studio.NewerDatabaseError');

export class NewerDatabaseError extends Error {
  readonly [marker] = true;

  constructor(
    readonly path: string,
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The run store at ${path} was written by a newer While Studio (schema ${found}; this version knows up to ${known}). ` +
        'Upgrade While Studio, or set WHILE_STUDIO_DATA_DIR to another folder.',
    );
    this.name = 'NewerDatabaseError';
  }

  static isInstance(error: unknown): error is NewerDatabaseError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

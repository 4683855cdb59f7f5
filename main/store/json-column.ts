import type { z } from 'zod';

/** Reads a JSON column through its domain schema, so a damaged value fails loudly with its column name. */
export function parseJsonColumn<Schema extends z.ZodType>(schema: Schema, text: string, column: string): z.output<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`stored ${column} is not valid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`stored ${column} does not match its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

import { isRecord, toolParts } from './tool-kinds';

/** How the offline writer finds real identifiers in tool and parameter descriptions (SDK §6). */
export const KNOWN_ID_PATTERN = /\b[A-Z]{1,4}[-_]?\d{3,6}\b/g;

/** Identifiers in the text, in document order, each once. */
export function knownIdsIn(text: string): string[] {
  return unique(text.match(KNOWN_ID_PATTERN) ?? []);
}

/** Identifiers a tool's description and its parameters' descriptions name, in document order. */
export function toolKnownIds(tool: unknown): string[] {
  const parts = toolParts(tool);
  const texts = [parts.description];
  const collect = (schema: Record<string, unknown>) => {
    if (typeof schema.description === 'string') texts.push(schema.description);
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const child of Object.values(properties)) if (isRecord(child)) collect(child);
    if (isRecord(schema.items)) collect(schema.items);
  };
  const properties = isRecord(parts.parameters.properties) ? parts.parameters.properties : {};
  for (const child of Object.values(properties)) if (isRecord(child)) collect(child);
  return knownIdsIn(texts.join('\n'));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

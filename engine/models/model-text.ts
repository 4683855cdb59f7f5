/** A model's answer as a person's words: reasoning markup (`<think>…</think>`) removed, wrapping quotes dropped. */
export function visibleText(text: string): string {
  return text
    .replace(/<think>[\s\S]*?(<\/think>|$)/gi, '')
    .trim()
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim();
}

/** The JSON object in a model's answer: the whole text, else without code fences, else the outermost `{...}` in it. */
export function jsonObjectIn(text: string): Record<string, unknown> | undefined {
  const candidates = [text.trim(), text.replace(/```(?:json)?/gi, '').trim()];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start !== -1 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

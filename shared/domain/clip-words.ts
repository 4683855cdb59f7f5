/**
 * `text` with its whitespace runs made single spaces, shortened to at most `max` characters (`max` >= 2) at a word
 * boundary and ended with "…" when it was longer: names and descriptions are never cut mid-word. A first word longer
 * than `max` alone is cut, as nothing shorter would say anything.
 */
export function clipWords(text: string, max: number): string {
  const words = text.replace(/\s+/g, ' ').trim();
  if (words.length <= max) return words;
  const room = words.slice(0, max);
  const boundary = room.lastIndexOf(' ');
  const kept = boundary > 0 ? room.slice(0, boundary) : room.slice(0, max - 1);
  return `${kept.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

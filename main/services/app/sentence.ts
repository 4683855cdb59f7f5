/**
 * An engine message (a lowercase fragment, as the library writes them) as a sentence a person reads beside the
 * services' own: the first letter capitalised and a full stop unless it already ends one.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

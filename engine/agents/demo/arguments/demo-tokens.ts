/** What the demo agent reads as a record's id or an email in what the person typed. */
const ID_TOKEN =
  /(?<![\w@.$€£#-])#?((?:[A-Za-z]{1,12}[-_]?\d{2,}[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)|(?:[a-z]+_[0-9a-f]{8,})|(?:\d{4,}))(?![\w@%]|\.\d)/g;
export const YEAR = /^(19|20)\d{2}$/;
export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A number right after "postal code"/"zip" is that code, not a record id. */
const AFTER_POSTAL_LABEL = /\b(?:zip|postal|post)(?:[\s_-]*code)?\s*(?:is|:|=)?\s*$/i;

/** Id-like tokens in the text, in order: ORD-1042, A1001, ticket_3fa94c0b, #48213. Years and amounts are not ids. */
export function idTokens(text: string): string[] {
  const ids: string[] = [];
  for (const match of text.matchAll(ID_TOKEN)) {
    const token = match[1]!;
    if (YEAR.test(token)) continue;
    if (/^\d+$/.test(token) && AFTER_POSTAL_LABEL.test(text.slice(0, match.index ?? 0))) continue;
    const after = text.slice((match.index ?? 0) + match[0].length);
    if (/^\s?(dollars?|usd|eur|euros?|gbp|pounds?|bucks|cad)\b/i.test(after)) continue;
    if (!ids.includes(token)) ids.push(token);
  }
  return ids;
}

export function emailsIn(text: string): string[] {
  return [...text.matchAll(EMAIL)].map((match) => match[0].replace(/[.]+$/, ''));
}

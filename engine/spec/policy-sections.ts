/** RULE_AXIS_CAP_GRID: policy clauses on the generation grid's rule axis. */
export const RULE_AXIS_CAP_GRID = 16;
/** A clause shorter than this (in characters) is not a rule. */
export const CLAUSE_MIN_CHARS = 8;
/** A clause longer than this is cut at the last word boundary before it, to serve as a coverage label. */
export const CLAUSE_MAX_CHARS = 120;

/** "You are ...", "Your role is ...", "Act as ...": an identity preamble, not a rule. */
export const ROLE_START = /^(?:you are|you're|your role(?: is)?|you act as|act as)\b/i;

/** Splits a block before headings, numbered or bulleted lines, and `Capitalised label:` lines. */
const LINE_SPLITTER = /\n(?=\s*(?:#{1,6}\s|\d+[.)]\s|[-*•]\s|[A-Z][^:\n]{1,40}:\s))/;
const LEADING_MARKER = /^(?:#{1,6}\s+|\d+[.)]\s+|[-*•]\s+)/;

export interface PolicySections {
  /** The clauses on the axis, in document order, at most `cap`. */
  rules: string[];
  /** How many clauses the policy has before the cap. */
  total: number;
}

/**
 * Splits policy text into short rule clauses, the values of the rule axis (SDK `policy_sections` + `rule_axis`).
 * `cap` is the most clauses returned (null: every clause); `total` says how many a cap left out.
 */
export function policySections(policy: string, cap: number | null = RULE_AXIS_CAP_GRID): PolicySections {
  const every = everyClause(policy);
  const rules = cap === null || every.length <= cap ? every : every.slice(0, Math.max(0, cap));
  return { rules, total: every.length };
}

function everyClause(policy: string): string[] {
  const text = String(policy ?? '').trim();
  if (!text) return [];
  const parts: string[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    if (block.trim()) parts.push(...block.split(LINE_SPLITTER));
  }
  const expanded: string[] = [];
  for (const part of parts.length > 0 ? parts : [text]) {
    let raw = part.trim();
    if (!raw) continue;
    if (ROLE_START.test(raw)) {
      const rest = afterFirstSentence(raw);
      if (rest === undefined) continue;
      raw = rest;
      if (!raw) continue;
    }
    expanded.push(...splitChunk(raw));
  }
  const cleaned: string[] = [];
  const seen = new Set<string>();
  for (const part of expanded) {
    let clause = part.replace(/\s+/g, ' ').trim();
    clause = clause.replace(LEADING_MARKER, '').trim();
    if (ROLE_START.test(clause) || codePoints(clause) < CLAUSE_MIN_CHARS) continue;
    if (codePoints(clause) > CLAUSE_MAX_CHARS) {
      const cut = cutAtWord(clause);
      if (codePoints(cut) < CLAUSE_MIN_CHARS) continue;
      clause = cut;
    }
    const key = clause.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    cleaned.push(clause);
  }
  return cleaned;
}

/** The text after the first sentence end (`.`, `!` or `;` then space); undefined when there is none. */
function afterFirstSentence(raw: string): string | undefined {
  const match = /(?<=[.!;])\s+/.exec(raw);
  if (!match) return undefined;
  return raw.slice(match.index + match[0].length).trim();
}

/** Sentences when there are two or more, each long enough; then each on `; ` likewise. */
function splitChunk(raw: string): string[] {
  const sentences = raw
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const chunks = sentences.length >= 2 && sentences.every((sentence) => codePoints(sentence) >= CLAUSE_MIN_CHARS) ? sentences : [raw];
  const out: string[] = [];
  for (const chunk of chunks) {
    const semis = chunk
      .split(/;\s+/)
      .filter((piece) => piece.trim())
      .map((piece) => stripChars(piece, ' \t-•'));
    if (semis.length >= 2 && semis.every((piece) => codePoints(piece) >= CLAUSE_MIN_CHARS)) out.push(...semis);
    else out.push(chunk);
  }
  return out;
}

/** The first CLAUSE_MAX_CHARS characters, cut back to the last space, without trailing ` ,;:`. */
function cutAtWord(clause: string): string {
  const head = Array.from(clause).slice(0, CLAUSE_MAX_CHARS).join('');
  const space = head.lastIndexOf(' ');
  return stripChars(space >= 0 ? head.slice(0, space) : head, ' ,;:');
}

function stripChars(text: string, characters: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start]!)) start++;
  while (end > start && characters.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

function codePoints(text: string): number {
  let count = 0;
  for (const _character of text) count++;
  return count;
}

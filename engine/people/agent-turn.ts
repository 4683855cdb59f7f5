import type { Message } from '../../shared/domain';

/** What the agent's last turn asks of the person, as a template user reads it. */
export type AgentMove =
  | 'asks_unknowable'
  | 'asks_recheck'
  | 'asks_choice'
  | 'asks_retry'
  | 'asks_identifier'
  | 'asks_confirmation'
  | 'asks_need'
  | 'asks_more'
  | 'asks_other'
  | 'refused'
  | 'reported_failure'
  | 'working'
  | 'finished';

/** Things a customer cannot know: the service's own internals. Asked for one, a person gives up. */
const UNKNOWABLE = new RegExp(
  String.raw`\b(?:internal|back-?end|database|api key|access token|transaction hash|hash|uuid|stack trace|` +
    String.raw`error code|log files?|server logs?|schema|employee id|merchant id|ledger|` +
    String.raw`system (?:id|code|log|record))\b`,
  'i',
);
const IDENTIFIER_ASK = new RegExp(
  String.raw`\b(?:what(?:'s| is)?|which|provide|share|give|send|tell|confirm|double-check|check|need|have|` +
    String.raw`verify)\b[^?]{0,48}\b(?:number|id|reference|ref|code)\b`,
  'i',
);
const CONFIRMATION_ASK = new RegExp(
  String.raw`\b(?:shall I|should I|do you want me to|would you like me to|want me to|ok(?:ay)? to proceed|` +
    String.raw`proceed|go ahead|are you sure|confirm (?:that|you want)|can you confirm|is that (?:right|correct)|` +
    String.raw`is this correct|does that (?:sound|look) (?:right|good))\b`,
  'i',
);
/** The number given was not found: check it, or give another. */
const RECHECK_ASK = new RegExp(
  String.raw`\b(?:double-check|check (?:the|that) (?:\w+ )?number|another (?:\w+ )?(?:number|reference|id)|` +
    String.raw`different (?:number|reference)|send it again)\b`,
  'i',
);
/** Two records match: which one. */
const CHOICE_ASK = /\bwhich (?:one|of (?:these|them|the two))\b/i;
/** A call failed: try it again? */
const RETRY_ASK = /\b(?:try (?:it )?again|try once more|retry|another go|give it another)\b/i;
/** What the person wants, after the agent said what it can do. */
const NEED_ASK = /\b(?:what would you like (?:me )?to do|which of those|along those lines|what do you need|how can I help)\b/i;
/** Anything more after the job is done. */
const MORE_ASK = /\b(?:anything else|something else|what else|anything more|do next)\b/i;
const REFUSAL = new RegExp(
  String.raw`\b(?:can't|cannot|can not|unable to|won't be able|won't|not able to|not allowed|not permitted|` +
    String.raw`against (?:our|the) policy|isn't possible|not possible|I'm afraid)\b`,
  'i',
);
const FAILURE = new RegExp(
  String.raw`\b(?:error|timed? ?out|not found|couldn't find|could not find|unavailable|try again later|` +
    String.raw`permission|failed|went wrong|garbled|out of date)\b`,
  'i',
);
const WORKING = /\b(?:let me|I'll|I will|one moment|checking|looking into|give me a (?:moment|second))\b/i;

/** The agent asked the person something (SDK `_agent_asked`: a question mark anywhere in the text). */
export function agentAsked(text: string): boolean {
  return text.trim() !== '' && text.includes('?');
}

/** The sentences that end in a question mark, joined. */
function questionSentences(text: string): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.trim().endsWith('?'))
    .join(' ');
}

/** A bracketed aside ("(Internal note: ...)") asks the person nothing: only the rest can ask for what they cannot know. */
function withoutAsides(text: string): string {
  return text.replace(/\([^()]*\)/g, ' ');
}

/** Reads the agent's turn: questions by what they ask for, statements by whether the job is done. */
export function readAgentTurn(text: string): AgentMove {
  if (agentAsked(text)) {
    if (UNKNOWABLE.test(withoutAsides(text))) return 'asks_unknowable';
    if (RECHECK_ASK.test(text)) return 'asks_recheck';
    if (CHOICE_ASK.test(text)) return 'asks_choice';
    if (RETRY_ASK.test(text)) return 'asks_retry';
    if (IDENTIFIER_ASK.test(text)) return 'asks_identifier';
    if (CONFIRMATION_ASK.test(text)) return 'asks_confirmation';
    if (NEED_ASK.test(text)) return 'asks_need';
    // "Feel free to ask if there's anything else. What's the date?" asks for the date: only a question offers more.
    if (MORE_ASK.test(questionSentences(text))) return 'asks_more';
    return 'asks_other';
  }
  if (REFUSAL.test(text)) return 'refused';
  if (FAILURE.test(text)) return 'reported_failure';
  if (WORKING.test(text)) return 'working';
  return 'finished';
}

/** The text of the agent's last turn that said something, or `''`. */
export function lastAgentText(messages: readonly Message[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'assistant' && message.content.trim() !== '') return message.content;
  }
  return '';
}

/** What the agent said on its turns before the last one that spoke (turns that only called tools aside). */
function earlierAgentTexts(messages: readonly Message[]): string[] {
  const spoken = messages.filter((message) => message.role === 'assistant' && message.content.trim() !== '');
  return spoken.slice(0, -1).map((message) => message.content);
}

/** How many earlier agent turns (before the last one that spoke) asked the person a question. */
export function earlierQuestions(messages: readonly Message[]): number {
  return earlierAgentTexts(messages).filter(agentAsked).length;
}

/** How many earlier agent turns (before the last one that spoke) read as the given move. */
export function earlierMoves(messages: readonly Message[], move: AgentMove): number {
  return earlierAgentTexts(messages).filter((text) => readAgentTurn(text) === move).length;
}

export interface ListedRecord {
  number: string;
  /** The first ISO date said with the record ("placed on 2024-05-09"), when there is one. */
  date?: string;
}

/** The records an agent's text lists by number ("record 75699: pending, ..., placed on 2026-04-21"), in order. */
export function listedRecords(text: string): ListedRecord[] {
  const starts = [...text.matchAll(/\brecord (\d+)/gi)];
  return starts.map((match, index) => {
    const said = text.slice(match.index, starts[index + 1]?.index ?? text.length);
    const date = /\b(\d{4}-\d{2}-\d{2})\b/.exec(said)?.[1];
    return date === undefined ? { number: match[1]! } : { number: match[1]!, date };
  });
}

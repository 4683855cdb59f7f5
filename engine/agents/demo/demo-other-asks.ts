import type { ToolSpec } from '../../../shared/domain';
import type { IdKindJudge } from './arguments/demo-arguments';
import { nameTokens } from '../../world/tool-names';
import { matchAsk } from './demo-intent';
import { VERB_GROUPS } from './demo-vocabulary';
import type { Wording } from './demo-wording';

/**
 * A second ask no tool serves ("Also, could you update my phone number while you're at it?"): a competent agent
 * says, once and briefly, that it cannot do it here, rather than answer the first ask and stay silent on this one.
 */

/** How people start a second request in the same message. */
const SECOND_ASK = /^(?:also|and|plus|oh,? and|while i have you|separately|one more thing|another thing|on top of that)\b[,:]?\s*/i;
const WHILE_AT_IT = /\s*\b(?:while you(?:'re| are) at it|too|as well|when it's done|afterwards)\s*[?.!]*$/i;
/** The words that make it a request, and whether what follows them starts with a verb ("update ...", "a copy ..."). */
const REQUEST =
  /^(?:(?:(?:can|could|would|will) (?:you|u)(?: please)?|please|i(?:'d| would) (?:also )?like you to|i (?:also )?need you to)\s+)/i;
const WANT = /^(?:i(?:'d| would) (?:also )?(?:like|love)|i(?:'m| am) (?:hoping for|after)|i (?:also )?(?:need|want))\s+/i;

const SECOND_PERSON: ReadonlyArray<[RegExp, string]> = [
  [/\bmy\b/gi, 'your'],
  [/\bme\b/gi, 'you'],
  [/\bmine\b/gi, 'yours'],
  [/\bmyself\b/gi, 'yourself'],
  [/\bI'm\b/g, "you're"],
  [/\bI\b/g, 'you'],
];

const secondPerson = (clause: string) => SECOND_PERSON.reduce((text, [pattern, word]) => text.replace(pattern, word), clause);

/** "to update your phone number", "a copy of your last statement": the request in the agent's words, or undefined. */
function requestOf(sentence: string): string | undefined {
  const marked = SECOND_ASK.exec(sentence);
  if (marked === null && !/while you(?:'re| are) at it/i.test(sentence)) return undefined;
  const rest = sentence.slice(marked?.[0].length ?? 0);
  const verb = REQUEST.exec(rest);
  const want = verb === null ? WANT.exec(rest) : null;
  if (verb === null && want === null) return undefined;
  const clause = rest
    .slice((verb ?? want)![0].length)
    .replace(WHILE_AT_IT, '')
    .replace(/[?.!,;\s]+$/, '');
  if (clause.split(/\s+/).length < 2) return undefined;
  return `${verb === null ? '' : 'to '}${secondPerson(clause)}`;
}

/** "Could you track it too?": a tool's verb on the record already named is a step the tools serve. */
function onTheSameRecord(tools: readonly ToolSpec[], request: string): boolean {
  if (!/\b(it|them|that|this|those|these)\b/i.test(request)) return false;
  const words = new Set(request.toLowerCase().split(/[^a-z]+/));
  return tools.some((tool) => {
    const verb = nameTokens(tool.name)[0] ?? '';
    return (VERB_GROUPS.find((group) => group.includes(verb)) ?? [verb]).some((word) => words.has(word));
  });
}

/** The second asks in the person's messages that name none of the agent's tools, in the agent's words. */
export function unservedAsks(tools: readonly ToolSpec[], userTexts: readonly string[], kinds?: IdKindJudge): string[] {
  const asks: string[] = [];
  for (const text of userTexts) {
    // A sentence, or a question joined on with ", and could you ..." ("Yes, and please make sure ..." asks nothing new).
    for (const sentence of text.split(/(?<=[.?!])\s+|,\s+(?=and (?:can|could|would|will) (?:you|u)\b)/i)) {
      const request = requestOf(sentence.trim());
      if (request === undefined || onTheSameRecord(tools, request)) continue;
      if (matchAsk(tools, sentence, userTexts, kinds).length === 0) asks.push(request);
    }
  }
  return [...new Set(asks)];
}

/** "Your other request, to update your phone number, isn't something I can do from this chat, I'm afraid." */
export function unservedNote(asks: readonly string[], wording: Wording, slot: string): string {
  const what = asks.join('; and ');
  return wording.pick(`${slot}:unserved`, [
    `Your other request, ${what}, isn't something I can do from this chat, I'm afraid.`,
    `I can't help with your other request (${what}) from here, I'm afraid.`,
  ]);
}

/** The note placed before a closing question, so the reply still ends on what the person has to answer. */
export function withNote(text: string, note: string): string {
  if (text === '') return note;
  if (!text.endsWith('?')) return `${text} ${note}`;
  const start = Math.max(text.lastIndexOf('. '), text.lastIndexOf('! ')) + 2;
  return start < 2 ? `${note} ${text}` : `${text.slice(0, start)}${note} ${text.slice(start)}`;
}

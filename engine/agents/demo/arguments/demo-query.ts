import { nameTokens } from '../../../world/tool-names';
import { EMAIL, idTokens } from './demo-tokens';

const STOP_WORDS = new Set(
  (
    "a an the i i'm im me my mine we our you your do does did have has had can could would will please hi hello hey " +
    'need want looking look find search show get any some is are was were be for of to in on at with and or it this that ' +
    'there something anything thanks thank help like about got sell carry stock all list pull up mind ask tell know see ' +
    "just also if so which what how many much one ones i've ive lost track remember can't cannot don't system right now " +
    'name under file records query ve ll re try should'
  ).split(' '),
);
/** A person naming themselves: "I'm Jane Doe", "my name is Jane Doe", "writing as Jane Doe". */
const NAME_GIVEN = /\b(?:I'm|I am|my name is|name's|this is|it's|writing as)\s+([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)+)/;
/** Outside a "looking for ..." phrase, only a short ask ("any waterproof hiking boots?") is its own search words. */
const MOST_QUERY_WORDS = 3;
const SHORT_ASK_WORDS = 10;

function contentWords(text: string, tool: string): string[] {
  const toolWords = new Set(nameTokens(tool));
  // Words keep the case they were typed in ("Keagan Roob"); they are compared lowercased.
  return text
    .replace(/[^A-Za-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((word) => {
      const lower = word.toLowerCase();
      return lower.length > 1 && !STOP_WORDS.has(lower) && !toolWords.has(lower) && !toolWords.has(lower.replace(/s$/, ''));
    });
}

/**
 * What the person is searching for: the words after "looking for" or "called", else the number they gave, else their name
 * ("list all my loans" from Jane Doe searches for Jane Doe), else a short ask's content words ("any waterproof
 * hiking boots?"); a longer message with none of these gives no query, and the agent asks what to look for.
 */
export function queryFrom(text: string, tool: string): string | undefined {
  const cleaned = text.replace(EMAIL, ' ');
  const phrase =
    /\b(?:search(?:ing)? for|look(?:ing)? for|hunting for|called|named)\s+(?:an?\s+|the\s+|some\s+|any\s+)?([^.?!,;]{2,60})/i.exec(cleaned);
  const asked = phrase === null ? [] : contentWords(phrase[1]!, tool).slice(0, 6);
  if (asked.length > 0) return asked.join(' ');
  const id = idTokens(cleaned)[0];
  if (id !== undefined) return id;
  const name = NAME_GIVEN.exec(cleaned)?.[1];
  if (name !== undefined) return name;
  const words = contentWords(cleaned, tool);
  const isShortAsk = cleaned.split(/\s+/).length <= SHORT_ASK_WORDS;
  return isShortAsk && words.length > 0 && words.length <= MOST_QUERY_WORDS ? words.join(' ') : undefined;
}

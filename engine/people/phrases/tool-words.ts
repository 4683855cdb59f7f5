import { article, CANCEL_VERBS, CREATE_VERBS, SEND_VERBS, UPDATE_VERBS } from '../../writers/render-tool-words';
import { READ_VERBS } from '../../spec/tool-kinds';
import { plural } from '../../spec/sentence/english';
import { nameTokens, toolNoun } from '../../world/tool-names';

/** What a person asks for when they need a tool, by what the tool does. */
export type AskClass = 'look' | 'search' | 'create' | 'cancel' | 'change' | 'refund' | 'pay' | 'human' | 'other';

/** A tool's name in a customer's words: `update_shipping_address` -> update + "shipping address". */
export interface ToolWords {
  askClass: AskClass;
  /** The verb as the tool names it (`renew`, `reschedule`). */
  verb: string;
  /** What the tool's name acts on, in words (`shipping address`, `prescription refill`). */
  object: string;
  /** `a shipping address`, `an appointment`. */
  aObject: string;
  /** The thing itself, singular and plural (`order`, `orders`). */
  noun: string;
  plural: string;
}

const SEARCH_VERBS = new Set(['list', 'search', 'find', 'browse', 'query']);
const PAY_TOKENS = new Set(['pay', 'transfer', 'payment']);
const HUMAN_TOKENS = new Set(['human', 'agent', 'person', 'escalate', 'handoff', 'operator', 'representative']);
const REFUND_TOKENS = new Set(['refund', 'reimburse', 'credit']);
const CHANGE_VERBS = new Set([...UPDATE_VERBS, 'reschedule', 'move', 'switch']);
const ALSO_CREATE = new Set(['log', 'register', 'file', 'add']);

export function toolWords(tool: string): ToolWords {
  const tokens = nameTokens(tool);
  const [verb = tool, ...rest] = tokens;
  const object = rest.filter((token) => !['to', 'for', 'by', 'of', 'the', 'a', 'an', 'my'].includes(token)).join(' ') || toolNoun(tool);
  const noun = toolNoun(tool);
  const words = { verb, object, aObject: `${article(object)} ${object}`, noun, plural: plural(noun) };
  const has = (set: ReadonlySet<string>) => tokens.some((token) => set.has(token));
  let askClass: AskClass = 'other';
  if (verb === 'transfer' && has(HUMAN_TOKENS)) askClass = 'human';
  else if (has(HUMAN_TOKENS) && !READ_VERBS.has(verb)) askClass = 'human';
  else if (has(REFUND_TOKENS)) askClass = 'refund';
  else if (READ_VERBS.has(verb) || verb === 'track') askClass = SEARCH_VERBS.has(verb) ? 'search' : 'look';
  else if (CANCEL_VERBS.has(verb)) askClass = 'cancel';
  else if (CHANGE_VERBS.has(verb)) askClass = 'change';
  else if (has(PAY_TOKENS)) askClass = 'pay';
  else if (CREATE_VERBS.has(verb) || ALSO_CREATE.has(verb) || SEND_VERBS.has(verb)) askClass = 'create';
  return { askClass, ...words };
}

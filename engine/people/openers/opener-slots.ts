import type { ToolSpec } from '../../../shared/domain';
import { pastTense, plural } from '../../spec/sentence/english';
import { nameTokens, toolNoun } from '../../world/tool-names';
import type { Chooser, Slots } from '../speech/grammar';
import type { PersonIdentity } from '../person-identity';
import { spokenBirth } from '../person-identity';
import type { Phrasebook } from '../phrasebook';
import type { AskClass, ToolWords } from '../phrases/tool-words';
import type { Reference } from './reference';

const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  reset: 'reset',
  set: 'set',
  pay: 'paid',
  send: 'sent',
  make: 'made',
  get: 'got',
};

/** What the person wants done, as a stance line says it ("I just want you to cancel it"). */
const ACTIONS: Readonly<Record<AskClass, string>> = {
  look: '{check on it|look into it}',
  search: '{find them|look them up}',
  create: '<verb> <aObject>',
  cancel: '<verb> it',
  change: '{change it|update it}',
  refund: '{get a refund|get my money back}',
  pay: '{make the payment|send the money}',
  human: '{talk to someone|speak to a person}',
  other: '<verb> it',
};

/** Asks that only find something out: nothing to weigh up or decide, so no line about choosing to do them. */
const LOOKS: ReadonlySet<AskClass> = new Set(['look', 'search', 'human']);

/** The whole request in a few words, as someone restates it ("cancel my order"): it names what the tool does. */
const REQUESTS: Readonly<Record<AskClass, string>> = {
  look: '{check on|look up} <thing>',
  search: '{find|see} {my|all my} <plural>',
  create: '<verb> <aObject>',
  cancel: '<verb> <thing>',
  change: '{change|update} the <object> on <thing>',
  refund: 'get a refund for <thing>',
  pay: '<verb> <aObject>',
  human: '{talk|speak} to a person',
  other: '<verb> <thing>',
};

/** The person's own slots: who they are and where (see person-identity.ts). */
export function personSlots(identity: PersonIdentity, chooser: Chooser): Record<string, string> {
  return {
    name: identity.first,
    fullname: `${identity.first} ${identity.last}`,
    city: identity.city,
    relative: identity.relative,
    relname: identity.relativeName,
    company: identity.company,
    day: identity.day,
    dob: spokenBirth(identity, chooser.below(2)),
  };
}

/** Every slot the goal, situation and stance phrases of one ask read. */
export function askSlots(
  words: ToolWords,
  reference: Reference | undefined,
  book: Phrasebook,
  chooser: Chooser,
): Record<string, string | undefined> {
  const kind = reference?.kind ?? words.noun;
  const noun = nameTokens(kind).join(' ') || words.noun;
  const slots: Record<string, string | undefined> = {
    verb: words.verb,
    object: words.object,
    aObject: words.aObject,
    noun,
    plural: plural(words.noun),
    past: IRREGULAR_PAST[words.verb] ?? pastTense(words.verb),
    thing: chooser.one(
      book.things?.[kind] ?? [
        `my {|current |latest |existing |open }${noun}`,
        `the {|current |latest }${noun}`,
        `this ${noun} of mine`,
        `the ${noun} I {have|set up} with you`,
        `my ${noun} from <day>`,
      ],
    ),
    refname: chooser.one(book.idNames?.[kind] ?? [`${noun} number`, `${noun} reference`, `${noun} ID`, 'reference number', 'reference']),
    ref: reference?.id,
  };
  slots.action = ACTIONS[words.askClass];
  if (!LOOKS.has(words.askClass)) slots.choice = ACTIONS[words.askClass];
  slots.request = words.askClass === 'change' && words.object === words.noun ? '{change|update} <thing>' : REQUESTS[words.askClass];
  return slots;
}

/** Nouns said in the singular when people talk about rules ("your rules on identity", not "on identities"). */
const UNCOUNTED = /(ity|ness|ing|age|ice|ance|ence|ment)$/;

/** What a policy clause is about, in a customer's words ("refunds"): the first tool noun it names, else "this". */
export function ruleTopic(rule: string | undefined, tools: readonly ToolSpec[]): string {
  if (rule === undefined) return 'this';
  const words = new Set(rule.toLowerCase().match(/[a-z]+/g) ?? []);
  for (const tool of tools) {
    const noun = toolNoun(tool.name);
    if (words.has(noun) || words.has(plural(noun))) return UNCOUNTED.test(noun) ? noun : plural(noun);
  }
  return 'this';
}

export type { Slots };

import type { Chooser, Slots } from '../speech/grammar';
import { canSay, expand } from '../speech/grammar';
import type { AskClass } from '../phrases/tool-words';

/**
 * A goal said as one of many sentence frames around what the person wants done ("could you <ask>?", "I'm writing
 * to get you to <ask>.", "<ask>, please."), so a hundred people asking the same thing rarely say the same sentence.
 * `<ask>` is a verb phrase that follows "could you": a phrasebook's words for the tool, else its ask class's.
 * Every ask names its verb in words the agent hears (demo-vocabulary's groups), so the frame never hides the request.
 */
const FRAMES: readonly string[] = [
  '{Can|Could|Would|Will} you <ask>{| for me| today}?',
  '{Please|Kindly|Do please} <ask>.',
  'I{ need| want| would like| am asking} you to <ask>.',
  '<ask>{, please|, if you can|, thanks|?}',
  '{Hoping|I hope|Fingers crossed} you can <ask>.',
  '{Could|Can} {someone|somebody} <ask>?',
  '{Quick ask|Quick one|One thing|Simple request}: <ask>?',
  '{My <relative> said|<relname> said|<relname> reckons} you {could|can} <ask>.',
  '{Any way to|Any chance you could|Is there a way to} <ask>{| today}?',
  '{Help|Please help} me <ask>.',
  '{Mind if I ask you to|Can I ask you to} <ask>?',
];

/** What each kind of request asks, as a verb phrase after "could you", for tools no phrasebook words. */
const ASKS: Readonly<Record<AskClass, readonly string[]>> = {
  look: [
    '{check on|look up|pull up|check the status of|look at|check} <thing>',
    '{give me|get me|send me} an update on <thing>',
    '{tell me|let me know} {where|how} <thing> {stands|is}',
  ],
  search: ['{find|list|pull up|show me|search for} {my|all my|my recent|any of my} <plural>', "{find|list} {the|any} <plural> I've got"],
  create: ['<verb> <aObject>{| for me}', '{set up|arrange} <aObject>'],
  cancel: ['<verb> <thing>', '{cancel|call off|stop} <thing>{| altogether| for good}'],
  change: ['{change|update|correct|fix} the <object> on <thing>', '{make a change to|update|edit} <thing>'],
  refund: ['refund <thing>', '{get me|sort out|process} a refund {for|on} <thing>', 'get my money back {for|on} <thing>'],
  pay: ['{<verb>|make} a payment {from|out of} <thing>', '<verb> some money {from|out of} <thing>'],
  human: [],
  other: ['<verb> <thing>', '{go ahead and|} <verb> <thing>{| today}'],
};

/** When or why, said after the ask now and then: the person's own day and people, so two asks rarely end alike. */
/** How often a composed goal says when or why. */
const TAIL_SHARE = 0.3;

const TAILS: readonly string[] = [
  ' before <day>',
  ' by <day> if possible',
  " while I'm {away|in <city>}",
  ", since I'm {off|away} on <day>",
  ' ahead of <day>',
  ', as <relname> {suggested|advised}',
  ', like my <relative> said',
  ' before I {leave|fly out|head off} on <day>',
  ', ideally {this morning|this afternoon|before lunch}',
  ' while <relname> {is here|is with me|can help}',
  ', {if it is not too late|if there is still time}',
  ', {because|as} <relname> {is waiting on it|needs to know}',
];

/** The thing with its number beside it, in one of the ways people write that. */
const WITH_REFERENCE = ['<thing> {(<ref>)|<ref>}', '<refname> <ref>'];

/**
 * The goal in a composed frame, when the person's ask can be said this way (undefined when it cannot, e.g. a talk
 * to a person). `withReference` puts the number in the ask itself; the caller adds a reference line otherwise.
 */
export function composedGoal(
  askClass: AskClass,
  asks: readonly string[] | undefined,
  slots: Slots,
  withReference: boolean,
  chooser: Chooser,
): string | undefined {
  const usable = (asks ?? ASKS[askClass]).filter((ask) => canSay(ask, slots));
  if (usable.length === 0) return undefined;
  const ask = chooser.one(usable);
  const referenced = withReference && ask.includes('<thing>') && slots.ref !== undefined;
  const said = referenced ? ask.replace('<thing>', chooser.one(WITH_REFERENCE)) : ask;
  const tail = chooser.chance(TAIL_SHARE) ? chooser.one(TAILS) : '';
  // A frame's own closing words ("{| today}") give way to the tail: "today, since I'm away on Thursday" says it twice.
  const framed = FRAMES.map((frame) => (tail === '' ? frame : frame.replace(/\{\|[^{}]*\}(?=[.?]$)/, '')));
  const frames = framed.map((frame) => frame.replace('<ask>', `${said}${tail}`)).filter((frame) => canSay(frame, slots));
  return frames.length === 0 ? undefined : expand(chooser.one(frames), slots, chooser);
}

import type { AskClass } from './tool-words';

/**
 * What a person wants, by what the tool does, for tools no phrasebook words. Slots: `<thing>` (how they name the
 * record: "my order"), `<ref>` and `<refname>` (its number and what they call the number), `<verb>`, `<object>`,
 * `<aObject>`, `<noun>`, `<plural>`, `<past>` (the verb's past participle). A phrase naming `<ref>` is said only
 * when the person gives their number in it.
 */
export const GOALS: Readonly<Record<AskClass, readonly string[]>> = {
  look: [
    '{Can|Could} you {check on|look up|pull up|take a look at} <thing>{| for me}?',
    '{Can|Could} you {check on|look up|pull up} <thing>, <ref>?',
    "I{'d like to| want to| need to} {check on|find out about|see what's going on with} <thing>.",
    "I{'d like to| want to} {check on|find out about|get an update on} <thing> {<ref>|(<ref>)}.",
    "{What's|What is} {happening|going on} with <thing>?",
    "{What's|What is} {the latest|the status} on <refname> <ref>?",
    '{Is there any news on|Any update on|Where are we with} <thing>?',
    "{I'm trying to|Just trying to} {find out|work out} {where things are|what's happening} with <thing>.",
    '{Please|Could you please} {check|look at} <refname> <ref> for me.',
    'I {have a question about|need some information on} <thing>{| <ref>}.',
    '{Could you|Can you} {tell me|let me know} {where|how} <thing> {stands|is going}{| at the moment}?',
    '{Just checking in on|Following up on} <thing>{|, the <refname> is <ref>}.',
    "{I'd love|I'd like} {an update|some news} on <refname> <ref>{| if you have one}.",
    "{Hoping you can|Can you} {tell me|confirm} {what's going on|the current status} with <thing>.",
    '{Any chance|Is there any chance} you could {check|look into} <refname> <ref> {for me|today}?',
    "{I'm chasing|I'm following up on} <thing>{|, it's been a while}.",
    '{Would you|Could you} {mind checking|have a quick look at} <thing>?',
  ],
  search: [
    '{Can|Could} you {find|look up|pull up|list} {my|all my|my recent} <plural>{| for me}?',
    '{Can|Could} you {find|look up|pull up} the <plural> {under|on|for} <refname> <ref>?',
    "I{'m looking for| need to find| want to see} {my|all my|my recent} <plural>.",
    "I{'m looking for| need to find| want to see} {the|all the} <plural> {on|under} <refname> <ref>.",
    '{Do I have|Are there} any <plural> {on file|in the system|under my name}{| at the moment}?',
    "I {can't remember|lost track of} {which|how many} <plural> I have{| with you}. Can you {check|look}?",
    '{Could|Can} you {search for|dig up} <plural> {that match|for} <refname> <ref>?',
    '{Could you|Can you} {run a search|have a look} for {any|my} <plural> {on my account|under my name}?',
    '{I think|I believe} I have {a few|several} <plural> {with you|on file}; {can you|could you} {list them|show me}?',
  ],
  create: [
    "I{'d like to| want to| need to} <verb> <aObject>{| please| if possible}.",
    "I{'d like to| want to| need to} <verb> <aObject> {for|on} <refname> <ref>.",
    '{Can|Could} I <verb> <aObject>{|, please}?',
    '{Is it possible|Would it be possible} to <verb> <aObject>{| today| this week}?',
    "{Can|Could} you <verb> <aObject> for me? {It's|The number is} <ref>.",
    "I{'m hoping| was hoping} you could help me <verb> <aObject>.",
    "How do I <verb> <aObject>? {I tried|I looked} {online|in the app} and {got lost|couldn't find it}.",
    "{I'm after|I'm looking to} <verb> <aObject>{| as soon as possible}.",
    '{Please|Could you} <verb> <aObject> {for me|on my behalf}{| when you get a chance}.',
    '{Can we|Could we} {get|sort out} <aObject> {set up|going}{| today}?',
    "{I've|I have} {never|not} done this before: {can|could} you {help me|walk me through how to} <verb> <aObject>?",
    "{I want|I'd like} {a new|another} <object>{| set up}, {please|if that's OK}.",
    '{Is this where I can <verb> <aObject>|Can I <verb> <aObject> with you}?',
  ],
  cancel: [
    "I{'d like to| need to| want to} <verb> <thing>.",
    "I{'d like to| need to| want to} <verb> <thing> {<ref>|(<ref>)}.",
    '{Can|Could} you <verb> <thing>{| for me| please}?',
    '{Please|Can you please} <verb> <refname> <ref>.',
    "I {don't need|no longer need|won't be needing} <thing> {any more|after all}, so {can you|could you|please} <verb> it.",
    '{Change of plans|Plans changed}: I need to <verb> <thing>.',
    '{Is it too late to|Can I still} <verb> <thing>?',
    "{Can|Could} you {go ahead and|please} <verb> <refname> <ref>? {It's|That's} {not needed|no longer needed}.",
    '{Unfortunately|Sadly} I {have to|need to} <verb> <thing>{| after all}.',
    "{I've decided|I've made up my mind} to <verb> <thing>.",
    "{How do I|What's the way to} <verb> <thing>? {I can't see|There's no} {a button for it|an option} {online|in the app}.",
    '{Please|Can you} {stop|<verb>} <thing> {straight away|as soon as possible}.',
  ],
  change: [
    'I need to {change|update|<verb>} the <object> {on|for} <thing>.',
    'I need to {change|update|<verb>} the <object> {on|for} <refname> <ref>.',
    '{Can|Could} you {change|update|<verb>} the <object> on <thing>{| for me}?',
    '{Is it possible|Would it be possible} to {change|<verb>} the <object>{| on <thing>}?',
    'The <object> {on|for} <thing> {is wrong|needs changing|has to change}{| and I need it fixed}.',
    "I{'d like to| want to} <verb> <thing>{| if that's possible}.",
    '{Something|One detail} {on|in} <thing> {is wrong|needs fixing}: the <object>.',
    '{Could|Can} we {change|update} <thing> {before|ahead of} <day>?',
    '{I gave|I entered} the wrong <object> {for|on} <thing>; {can you|could you} {fix it|correct it}?',
    '{Can|Could} the <object> {on|for} <refname> <ref> be {changed|updated}?',
    "{I need to|I'd like to} {tweak|adjust} {a detail|something} on <thing>: the <object>.",
  ],
  refund: [
    "I'd like {a refund|my money back} {for|on} <thing>.",
    "I'd like {a refund|my money back} {for|on} <refname> <ref>.",
    '{Can|Could} I {get|have} {a refund|my money back} {for|on} <thing>?',
    'I {want|need} to {get|request} a refund {for|on} <thing>{| please}.',
    '{How do I|Can I} get {refunded|my money back} {for|on} <thing>?',
    "I {was charged|paid} for <thing> and {I want|I'd like} {that money back|a refund}.",
    "{I think|I believe} I'm {owed|due} a refund {for|on} <thing>.",
    '{Please|Can you} {refund|reverse the charge for} <refname> <ref>.',
  ],
  pay: [
    'I need to <verb> {some money|a payment|<aObject>}{| today}.',
    '{Can|Could} you help me <verb> <aObject>?',
    "I{'d like to| want to} <verb> {some money|<aObject>} {from|out of} <refname> <ref>.",
    '{Please|Can you} set up {a payment|a transfer} for me{| today}.',
  ],
  human: [
    '{Can|Could} I {speak|talk} to {a person|someone|a real person|a human}{|, please}?',
    "I'd {rather|prefer to} {speak|talk} to {a person|someone on your team|an actual person} about this.",
    '{Is there|Can you put me through to} {someone|a person} I can {talk|speak} to?',
    "{I need|I'd like} to {get hold of|reach} {a person|someone who can help} about <thing>.",
  ],
  other: [
    "I{'d like to| want to| need to} <verb> <thing>.",
    "I{'d like to| want to| need to} <verb> <thing> {<ref>|(<ref>)}.",
    '{Can|Could} you <verb> <thing>{| for me}?',
    'I need <thing> <past>{| please| today}.',
    '{Is it possible|Would it be possible} to <verb> <thing>?',
    '{Can|Could} you <verb> <refname> <ref>?',
    '{Could|Can} you {help me|please} <verb> <thing> {today|this week}?',
    "{I'm hoping|I was hoping} to <verb> <thing>{| if possible}.",
    '{What do I need to do|How can I} to <verb> <thing>?',
    '{Could|Can} <thing> be <past>{| today| before <day>}?',
    '{Please|Can you} <verb> <refname> <ref>{| for me}.',
  ],
};

/** Why the person wants it, by what the tool does, for tools no phrasebook gives reasons. */
export const REASONS: Readonly<Partial<Record<AskClass, readonly string[]>>> = {
  look: [
    "{I just want|I'd like} to {make sure|check} {everything's in order|it's on track}.",
    "{I haven't heard anything|Nobody's updated me} {in a while|since <day>}.",
  ],
  cancel: ['{Plans changed|My plans changed} {last minute|this week}.', "I {don't need|won't need} it {any more|after all}."],
  change: ['{Something|The details} changed on my side.', '{I made a typo|There was a mistake} when I {set it up|filled it in}.'],
  create: [
    'I need it {for work|for a deadline} {on <day>|next week}.',
    '{My <relative>|<relname>} {asked me to|needs me to} {sort it|get this done}.',
  ],
  other: ["{It's|It is} {due|running out} {on <day>|this week}.", '{I was told|Someone said} I could do this {online|through you}.'],
};

/** Gives the number when the goal did not: said after it. */
export const REFERENCE_LINES: readonly string[] = [
  '{The|My} <refname> {is|should be|reads} <ref>{| if you need it| by the way}.',
  "It's <refname> <ref>.",
  '<refname> <ref>, {if that helps|in case you need it}.',
  "{I have|I've got} the <refname> {here|handy}: <ref>.",
  'The {number|reference} {on my {email|confirmation|receipt}|I was given} is <ref>.',
  "{For reference|Just so you have it}, {it's|the <refname> is} <ref>.",
  "{You'll want|You'll need} the <refname>: {it's|} <ref>.",
];

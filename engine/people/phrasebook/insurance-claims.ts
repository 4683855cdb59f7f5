import type { Phrasebook } from './phrasebook';

export const insuranceClaims: Phrasebook = {
  things: { policy: ['my policy', 'my cover', 'my insurance'], claim: ['my claim', 'the claim'] },
  idNames: { policy: ['policy number', 'policy'], claim: ['claim number', 'claim reference'] },
  goals: {
    get_policy: [
      '{Can you|Could you} {tell me|check} what {my policy|policy <ref>} covers?',
      '{Am I|Am I actually} covered for {water damage|theft|storm damage}? {My policy number is|Policy} <ref>.',
      "I'd like to {see|check} the details of policy <ref>{| before I file anything}.",
    ],
    get_claim: [
      "{What's|What is} the status of my claim, <ref>?",
      "{I filed|I made} a claim {a few weeks ago|last month} and {haven't heard anything|it's gone quiet}. {It's|Claim} <ref>.",
      '{Any update on|Where are we with} claim <ref>?',
    ],
    file_claim: [
      'I need to {file|make} a claim on policy <ref>. {We had|There was} {a burst pipe|a break-in|storm damage} {last week|on <day>}.',
      '{How do I|Can I} {start|make} a claim? {My policy number is|Policy} <ref>.',
      '{Someone|A driver} {hit my car|backed into me} and I need to {claim|file a claim} on <ref>.',
    ],
    upload_claim_document: [
      'I have {the photos|the receipts|the repair quote} for claim <ref>. {How do I|Can I} {send|upload} them?',
      '{I need to|I want to} add {a document|the police report} to claim <ref>.',
    ],
    schedule_adjuster_visit: [
      "{Can|Could} someone come and {look at|assess} the damage? {Claim|It's claim} <ref>.",
      "I'd like to {book|arrange} the {adjuster|assessor} visit for claim <ref>{| next week}.",
    ],
    issue_claim_payment: [
      '{When will|When do} I get paid {for|on} claim <ref>?',
      '{My claim|Claim <ref>} was {approved|accepted}. {Can you|Could you} {release|send} the payment?',
    ],
    close_claim: [
      "I'd like to {close|withdraw} claim <ref>; {we sorted it|I sorted it} {ourselves|privately}.",
      '{Please|Can you} close claim <ref>. {It|The repair} {cost less than the excess|turned out fine}.',
    ],
  },
  reasons: {
    file_claim: [
      '{Water came through|There was water coming through} the {ceiling|kitchen wall}.',
      '{My bike|My laptop} was stolen from {the car|the garden}.',
    ],
    schedule_adjuster_visit: ["{I'm|We're} only home on {<day>|weekends}.", 'The {damage|leak} is getting worse.'],
  },
  life: [
    "{We've|I've} been {living with|putting up with} {the damage|the mess} for {weeks|days}.",
    '{My landlord|The builder} {needs|is waiting on} an answer from you.',
  ],
};

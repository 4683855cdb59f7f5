import type { Phrasebook } from './phrasebook';

export const telecomSupport: Phrasebook = {
  things: { account: ['my account', 'the account'], line: ['my line', 'my phone line', 'my number', 'my mobile'] },
  idNames: { account: ['account number', 'customer number'], line: ['line number', 'line ID'] },
  goals: {
    get_customer_account: [
      "{Can you|Could you} {pull up|check} my account, <ref>? {I want to|I'd like to} {see what plan I'm on|check my balance}.",
      '{What do I owe|How much is my bill} {this month|right now}? {Account|My account is} <ref>.',
      'I {need|want} {an overview|the details} of my account <ref>{| please}.',
    ],
    get_line_usage: [
      'How much data have I used {this month|so far} on <ref>?',
      '{Am I close to|Have I gone over} my {data|allowance} on line <ref>?',
      '{Can you|Could you} check {the usage|my minutes and data} on <ref>? {It feels|It seems} high.',
    ],
    check_network_status: [
      'Is there {an outage|a problem with the network} {near me|in my area}? ' +
        '{My signal|The internet} {has been|is} {terrible|down} {since this morning|all day}.',
      '{My phone|I} {keeps|keep} dropping calls{| at home}. Is {something wrong|there an issue} {with the network|in my area}?',
    ],
    change_plan: [
      "I'd like to {switch|change} {my plan|the plan} on line <ref>{| to something cheaper| to unlimited}.",
      '{Can|Could} I {upgrade|downgrade} {my plan|the plan} on <ref>? {I|We} {use way more data now|barely use the data}.',
      'I {want|need} a {different|better} plan for my number <ref>.',
    ],
    set_roaming: [
      "I'm {travelling|going abroad} {next week|on <day>}. {Can you|Could you} turn on roaming for <ref>?",
      "{Please|Can you} {switch off|turn off} roaming on line <ref>; I'm back {home|from my trip}.",
      '{Is roaming on|Do I have roaming} on <ref>? I {fly|leave} {soon|on <day>}.',
    ],
    issue_bill_credit: [
      "I'd like a credit on my bill for {the outage|the dropped service|the days I had no signal}. Account <ref>.",
      "{My service|The internet} was down {for days|all weekend}, {so I think|surely} I'm owed {something|a credit}. {Account|It's} <ref>.",
    ],
    transfer_to_human_agent: [
      '{Can|Could} I {speak|talk} to {a person|someone on your team|a real person}{|, please}?',
      "I'd {rather|prefer to} {talk to|deal with} {a human|an actual person} {about my bill|about this}.",
    ],
  },
  reasons: {
    change_plan: ['{My kids|We} {use|are using} way more data {now|these days}.', "I'm {trying to cut costs|paying for more than I use}."],
    issue_bill_credit: ['I {work from home|rely on it for work}, so {it cost me|it was a real problem}.'],
  },
  life: [
    "I'm {working from home|on call} {this week|today}, so I really need {my phone|the connection}.",
    "{I'm calling|I'm messaging} {from my <relative>'s phone|from work} because mine {isn't working|has no signal}.",
  ],
};

import type { Phrasebook } from './phrasebook';

/** How a customer gives their account. */
const ACCOUNT =
  "{Account|The account is|That's for account|My account number is|The account number's|It's under account} <ref>" +
  '{| if you need it| for reference| by the way| if that helps}';

export const personalFinance: Phrasebook = {
  things: {
    account: [
      'my {|personal |current }account',
      'the account',
      'my checking account',
      'my everyday account',
      'the account I share with <relname>',
      'my main account',
    ],
    payee: ['my saved payee', 'the payee'],
    transaction: ['a transaction', 'the payment'],
  },
  idNames: { account: ['account number', 'account'], payee: ['payee ID'], transaction: ['transaction number', 'transaction ID'] },
  goals: {
    verify_identity: [
      '{I need to|Can you} {verify|confirm} my identity ' + `{before I do anything|so I can get into my account}. ${ACCOUNT}.`,
      `{It says|The app says} I need to {verify myself|confirm who I am}. ${ACCOUNT}.`,
      '{I got|There is} a {message|notice} {asking me|saying I need} to {verify|confirm} {my identity|who I am} before I can use <ref>.',
      '{Can we|Could we} {get|do} {the ID check|identity verification} {done|sorted} for <ref>{| so I can use it again}?',
    ],
    get_account_balance: [
      "What's the {balance|available balance} on account <ref>?",
      '{How much|What} do I have {left|available} in <ref>{| right now}?',
      "{Can you|Could you} {tell me|check} {my balance|how much is in my account}? It's <ref>.",
      "{Before I pay|Ahead of paying} {anything|rent}, {can you|could you} {check|tell me} what's {in|left in} <ref>?",
      '{Is|Has} {my salary|the deposit} {landed|arrived} in account <ref>{| yet}?',
      '{Quick|Simple} question: {how much|what} {money|cash} {is sitting|do I have} in <ref>{| today}?',
      "{Payday|Rent day} is {<day>|coming up}; {what's|how much is} {left|still there} in account <ref>?",
      "{I'm about to|Before I} {buy|book|pay for} {a flight|new tyres|a sofa}, so {can you check|what's} the balance on <ref>?",
      '{Am I|Could I be} overdrawn on <ref>? {I have a feeling|I worry} I {went|might have gone} under.',
    ],
    list_transactions: [
      'Can you show me the {recent|last few} transactions on <ref>?',
      "I {don't recognise|can't place} a {charge|payment} on account <ref>. Can you {list|show me} the recent transactions?",
      '{What|Which} payments have gone {out of|through} <ref> {lately|this month}?',
      "{I need|I'd like} {a list of|to see} {this month's|recent} {payments|spending} on <ref> {for my budget|for my records}.",
      '{Did|Has} {a payment|my direct debit} {go out|come out} of <ref> {on <day>|this week}?',
      '{<relname>|My <relative>} {says|thinks} {a payment|a charge} {went out|came out} of <ref> {twice|on <day>}. ' +
        'Can you {list|pull up} the transactions?',
      '{What|Which} {card payments|direct debits|standing orders} {went out of|hit} <ref> {last week|since <day>}?',
      'I want to {go through|check} every {transaction|payment} on <ref> {since the start of the month|from last month}.',
    ],
    transfer_funds: [
      "I'd like to {move|transfer} some money {from|out of} account <ref> {to my savings|into my other account}.",
      '{Can|Could} you {transfer|move} {money|some funds} between my accounts? {From|Out of} <ref>.',
      '{I need to|I want to} {send|move} money from <ref> {to another account|across to savings} {today|before the weekend}.',
      '{Please|Could you} {move|put} {money|some of my money} {from|out of} <ref> into my {other|second} account.',
      "{Please|Can you} {move|transfer} {money|some cash} {out of|from} <ref> {to cover|for} {rent|the car|<relname>'s birthday trip}.",
      'I {need|want} to {shift|move} {some savings|money} {from|out of} <ref> {before <day>|this week}.',
    ],
    pay_bill: [
      'I need to pay {my electricity bill|a bill|my phone bill} from account <ref>.',
      "{Can|Could} you pay {my saved payee|the bill} {today|before it's due}? " +
        '{Take it from|Use|It can come out of|Pay it from} {account|my account} <ref>{| please}.',
      '{My|The} {gas|water|internet} bill is due {on <day>|this week}. {Please|Can you} pay it from <ref>.',
      '{Can|Could} you {set up|schedule} a payment to {my landlord|a saved payee} {from|out of} <ref>?',
      '{My|The} {council tax|broadband|water} bill {is due|needs paying} {on <day>|soon}; {please pay it|can you pay it} from <ref>.',
      '{Can|Could} you {pay|settle} {what I owe|my invoice} {to|with} <company> {from|out of} <ref>?',
    ],
    set_budget_alert: [
      "I'd like to set up a {spending|budget} alert on account <ref>{| for eating out}.",
      "{I keep|I've been} overspending on {takeaways|groceries|shopping}. {Can you|Could you} set an alert on <ref>?",
      '{Can|Could} I get a {warning|notification} when I {go over|spend more than} a limit {on dining|each month}? Account <ref>.',
      "{I'd like|I want} {a heads-up|an alert} when I {spend too much|go over budget} on {groceries|shopping}. {Account|It's} <ref>.",
      '{Set|Put} {a cap|a limit|an alert} on {my spending|eating out|takeaways} {for|on} <ref>{|, please|, thanks}.',
      '{Can|Could} I get {a text|a notification|an email} {whenever|if} I {spend|go} over {a set amount|my budget} on <ref>?',
    ],
  },
  asks: {
    verify_identity: ['verify my identity {for|on} <thing>', 'verify who I am so I can use <thing>'],
    get_account_balance: [
      '{check|look up} the {balance|available balance} {on|of} <thing>',
      '{check|see} how much {balance|money} is {left|} in <thing>',
    ],
    list_transactions: [
      '{list|show me|pull up} the {recent|last few} transactions on <thing>',
      "{find|pull up} {this month's|last month's} transactions on <thing>",
    ],
    transfer_funds: [
      '{transfer|move} some money {from|out of} <thing> {to|into} my {savings|other account}',
      'transfer {funds|money} {from|out of} <thing>',
    ],
    pay_bill: [
      'pay {my electricity bill|a bill|my phone bill|my gas bill} from <thing>',
      '{set up|make} a payment to {my landlord|a saved payee} {from|out of} <thing>',
    ],
    set_budget_alert: ['set {up|} {a spending|a budget} alert on <thing>', 'set an alert on <thing> for when I {overspend|go over budget}'],
  },
  reasons: {
    transfer_funds: [
      "It's for {rent|my car payment|a holiday} {next week|at the end of the month}.",
      "I'm {topping up|moving money into} savings.",
    ],
    list_transactions: [
      "There's a {charge|payment} I don't {recognise|remember making}.",
      "I'm {doing my budget|going through my spending} for the month.",
    ],
    set_budget_alert: ["I'm {saving up|trying to save} for {a car|a holiday|a deposit}.", 'My {spending|card} got out of hand last month.'],
  },
  life: [
    "I'm {saving up for|trying to pay off} {a car|my credit card|a holiday}.",
    'Payday is {on <day>|next week}, so {timing matters|I need to be careful}.',
    'I {do|handle} the {household|family} finances{| for my <relative>}.',
  ],
};

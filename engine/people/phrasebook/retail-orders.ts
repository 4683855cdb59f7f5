import type { Phrasebook } from './phrasebook';

/** How a customer gives their number. */
const CUSTOMER = "{My customer number is|My customer number's|I'm customer|I'm down as customer|It's under customer} <ref>";

export const retailOrders: Phrasebook = {
  things: {
    order: [
      'my {|latest |recent |last }order',
      'the {|online }order',
      'my package',
      'my parcel',
      'my delivery',
      'the order I placed on <day>',
      "the order for my <relative>'s birthday",
      'my order from <day>',
    ],
    customer: ['my account', 'my customer account'],
  },
  idNames: {
    order: ['order number', 'order #', 'order reference'],
    customer: ['customer number', 'account number'],
    product: ['item number', 'SKU'],
  },
  goals: {
    get_order: [
      "{Where's|What's happening with} my order <ref>? {I thought|I expected} it {would have shipped|would be here} by now.",
      "{Could|Can} you {check|look up} order <ref> {for me|and tell me where it's at}?",
      'I {placed an order|ordered something} {a while ago|recently} and ' +
        "{haven't heard a thing|I'm not sure it went through}. {It's|The number is} <ref>.",
      '{Can you confirm|I want to double-check} {what I ordered|that everything is right} on order <ref>.',
      '{Quick question about|I have a question about} order <ref>{| I placed}.',
      "{Has|Did} order <ref> {actually|even} {ship|go out}{| yet}? {Nothing's|Nothing has} {arrived|turned up}.",
      "{I'd like|Could I get} {a quick summary|the details} of order <ref>: {what's in it|items and total}.",
      "{My|The} order <ref> {shows|is showing} {a status I don't understand|something odd} " +
        'in the app. {What does it mean|Can you explain}?',
      "{<relname>|My <relative>} {asked|wants to know} {what's in|what happened to} order <ref>. {Can you check|Any news}?",
    ],
    search_orders: [
      `Can you {pull up|list} {all my orders|my recent orders}? ${CUSTOMER}.`,
      "I {can't find|lost} the {confirmation email|order number} for {my last order|something I bought}. " +
        '{Can you look it up|Could you find it} {under|with} my customer number, <ref>?',
      '{Which orders do I have|What orders have I got} {open|on the go} ' + `{right now|at the moment}? ${CUSTOMER}.`,
      '{I think|I believe} I {placed|made} {two|a few} orders {last month|recently}; ' +
        `{can you|could you} {list them|show me}? ${CUSTOMER}.`,
      "{I need|I want} {a list of|to see} {everything I've ordered|my past orders} " + `{for my records|for my expenses}. ${CUSTOMER}.`,
    ],
    track_shipment: [
      "{Where's|Where is} my {parcel|package|delivery}? {The|My} order number is <ref>.",
      "My {package|parcel} for order <ref> {still hasn't arrived|is late|hasn't moved in days}. " +
        '{Can you|Could you} {track it|see where it is}?',
      '{Can I get|Could you give me} {the tracking details|a delivery update} for order <ref>?',
      "{The tracking|Tracking} {hasn't updated|has been stuck} for {days|a week} on order <ref>{|, is it lost}?",
      '{The courier|The delivery driver} {said|claimed} ' +
        '{they tried to deliver|nobody was home}, {but|yet} I was {in|home} all day. Order <ref>.',
      '{When will|When is} order <ref> {actually|finally} {arrive|get here}?',
      "{I'm|We're} {away|out} from <day>, so {when will|will} order <ref> {arrive|turn up} {before then|in time}?",
    ],
    start_return: [
      "I'd like to {return|send back} {something|an item} from order <ref>.",
      "{One of the things|Something} I {ordered|got} {doesn't fit|isn't right}, " +
        "so I want to {return it|send it back}. {It was|It's} order <ref>.",
      'How do I {start a return|return an item}? {It was on|It came in} order <ref>.',
      "{I want|I'd like} to send {part of|something from} order <ref> back{| for a refund}.",
      '{Can|Could} you {set up|start} a return for {an item|one of the items} on order <ref>?',
      "The {gift|present} for {<relname>|my <relative>} {didn't fit|wasn't right}; I'd like to return it. Order <ref>.",
    ],
    issue_refund: [
      "I'd like a refund on order <ref>{|, please}.",
      '{Can I|Could I} get my money back for order <ref>?',
      "{I was charged for|I paid for} order <ref> and {I'd like a refund|I want my money back}.",
      '{Please|Could you} refund order <ref>{| to my card}.',
      "{I'm still waiting|I'm waiting} on {a refund|my money} for order <ref>.",
      '{<relname>|My <relative>} sent back order <ref> {last week|on <day>}; {when do I get|where is} my refund?',
    ],
    cancel_order: [
      "{I need|I'd like} to cancel order <ref>{| before it ships}.",
      '{Can you|Could you} cancel my order, <ref>?',
      '{Please|Can you please} stop order <ref> {from shipping|before it goes out}.',
      '{Is it too late to|Can I still} cancel order <ref>?',
      "{I've changed my mind|Change of plan} about order <ref>; {please cancel it|can you cancel it}.",
      '{<relname>|My <relative>} {already bought|got} the same thing, so {please|can you} cancel order <ref>.',
    ],
    update_shipping_address: [
      'I need to {change|update} the delivery address on order <ref>.',
      "{I'm moving|I've just moved}{,| and} {can you|could you} send order <ref> to my new address{| instead}?",
      "{Can|Could} you {change|update} where order <ref> {is going|gets delivered}? I won't be {home|at that address}.",
      '{I typed|I put in} the wrong {house number|postcode|street} for order <ref>. {Can you|Could you} fix the address?',
      '{Please|Could you} {redirect|send} order <ref> to {my office|my work address|a different address} instead.',
      "{Please|Could you} send order <ref> to my {<relative>'s|work} address in <city> instead.",
    ],
  },
  asks: {
    get_order: [
      '{check|look up|pull up|check on} <thing>',
      '{tell me|confirm} what {I ordered|was in} <thing>',
      '{give me|send me} the details of <thing>',
      'check the status of <thing>',
    ],
    search_orders: [
      '{list|pull up|find|show me} {all|the} orders on <thing>',
      '{find|look up} {my past|my recent|my open} orders {on|under} <thing>',
    ],
    track_shipment: [
      'track <thing>',
      '{find out|check} where <thing> is',
      '{check|look up} the tracking {for|on} <thing>',
      'check when <thing> {will arrive|is arriving}',
    ],
    start_return: ['{start|set up|arrange} a return {for|on} <thing>', 'let me send back {something|an item} from <thing>'],
    issue_refund: ['refund <thing>', '{process|sort out|issue} a refund {for|on} <thing>', 'get me my money back {for|on} <thing>'],
    cancel_order: ['cancel <thing>', '{stop|call off} <thing> before it ships', 'cancel <thing> {straight away|before it goes out}'],
    update_shipping_address: [
      '{change|update|correct} the delivery address on <thing>',
      'redirect <thing> to {my new address|my office|a different address}',
    ],
  },
  reasons: {
    start_return: [
      "{It|The item} {doesn't fit|is too small|is too big}.",
      'The colour {looks nothing like|is different from} the {photos|pictures} online.',
      "{I changed my mind|I don't need it any more}{, to be honest|}.",
      'It {arrived|came} {damaged|scratched|with a broken zip}.',
    ],
    issue_refund: [
      '{It|The parcel} never {arrived|turned up}.',
      '{It|One of the items} arrived {broken|damaged|in pieces}.',
      "{It's|It was} {not what I ordered|the wrong item}.",
    ],
    cancel_order: [
      'I {ordered|picked} the wrong {size|colour}.',
      'I found it cheaper somewhere else.',
      "I {ordered it twice by mistake|don't need it any more}.",
    ],
    update_shipping_address: [
      "{We're|I'm} moving {this week|on <day>}.",
      "I'll be {at work|away} {when it's due|all week}, so {my office|my <relative>'s place} is better.",
    ],
  },
  life: [
    "It's a {birthday present|gift} for my <relative>, so {timing matters|I'd like it soon}.",
    "I'm {away|travelling} from <day>, so {I won't be home for a delivery|I need this sorted before then}.",
    "{I buy|I've bought} from you {a lot|for years} and this is {unusual|a first}.",
  ],
};

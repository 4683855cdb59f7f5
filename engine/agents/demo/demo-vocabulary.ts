/**
 * The words a competent agent hears a request in. A tool name's verb is matched through its group ("list" for a
 * search, "where" for a lookup); its nouns through the words people use for them ("parcel" for a shipment,
 * "send back" for a return). Phrases of several words are matched as phrases.
 */
export const VERB_GROUPS: ReadonlyArray<readonly string[]> = [
  [
    'get',
    'read',
    'fetch',
    'show',
    'view',
    'lookup',
    'look',
    'check',
    'see',
    'status',
    'where',
    'describe',
    'inspect',
    'details',
    'info',
    'track',
    'what',
    'when',
    'update on',
    'confirming',
    'still on',
  ],
  [
    'list',
    'search',
    'find',
    'browse',
    'query',
    'all',
    'which',
    'history',
    'how many',
    'pull up',
    'looking for',
    'have any',
    'got any',
    'earliest',
    'first free',
    'next free',
  ],
  ['cancel', 'stop', 'abort', 'call off'],
  ['refund', 'reimburse', 'reimbursement', 'money back'],
  [
    'create',
    'open',
    'new',
    'make',
    'add',
    'file',
    'submit',
    'place',
    'book',
    'register',
    'raise',
    'log',
    'schedule',
    'arrange',
    'set up',
    'get a',
    'need a',
  ],
  [
    'update',
    'change',
    'edit',
    'modify',
    'correct',
    'fix',
    'set',
    'move',
    'reschedule',
    'switch',
    'redirect',
    'upgrade',
    'downgrade',
    'adjust',
    'push back',
    'send to',
    'send it to',
    'ship to',
    'ship it to',
    'deliver to',
    'deliver it to',
  ],
  ['delete', 'remove', 'erase', 'close', 'drop', 'wipe', 'withdraw'],
  ['send', 'email', 'message', 'notify', 'forward', 'resend', 'tell', 'pass on'],
  ['transfer', 'move', 'wire'],
  ['pay', 'payment', 'settle'],
  ['renew', 'extend'],
  ['reset', 'forgot', 'locked out'],
  ['unlock', 'locked'],
];

/**
 * Verbs that say nothing about the request: `issue_refund` is about refunds whether or not the person says
 * "issue", `start_return` about returns.
 */
export const GENERIC_VERBS = new Set([
  'issue',
  'process',
  'perform',
  'handle',
  'do',
  'request',
  'initiate',
  'trigger',
  'apply',
  'execute',
  'run',
  'start',
  'grant',
  'report',
]);

/** When people want something: a search for open times hears these. */
const TIMES = ['morning', 'afternoon', 'evening', 'next week', 'this week', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** What people call the things tools are named after. */
export const NOUN_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  shipment: ['parcel', 'package', 'delivery', 'tracking', 'courier', 'arrived', 'arrive', 'turned up', 'driver'],
  order: ['purchase', 'bought', 'ordered'],
  return: ['send back', 'sent back', 'send it back', 'send them back', 'send part', 'returning', 'exchange'],
  address: ['deliver', 'delivered', 'delivery address', 'moving', 'moved', 'redirect', 'new address'],
  shipping: ['delivery', 'deliver', 'delivered', 'redirect', 'moving', 'moved', 'new address'],
  refund: ['money back', 'reimburse', 'reimbursement', 'refunded', 'refunding'],
  appointment: ['visit', 'check-up', 'checkup', 'consultation', 'follow-up', 'jab', 'vaccination', 'slot', 'see someone', 'see the doctor'],
  slot: ['opening', 'openings', 'free', 'available', 'availability', 'next free', 'earliest', 'appointment with', ...TIMES],
  available: [
    'slot',
    'free',
    'openings',
    'opening',
    'availability',
    'earliest',
    'next free',
    'appointment with',
    'any appointments',
    ...TIMES,
  ],
  patient: ['my record', 'my file', 'registered', 'on file'],
  // "repeat" alone is also "sorry to repeat myself": only a repeat prescription is one.
  prescription: [
    'tablets',
    'pills',
    'medication',
    'repeat prescription',
    'my repeat',
    'a repeat',
    'refill',
    'inhaler',
    'pharmacy',
    'pharmacist',
  ],
  refill: [
    'repeat prescription',
    'my repeat',
    'a repeat',
    'tablets',
    'pills',
    'medication',
    'run out',
    'nearly out',
    'inhaler',
    'pharmacy',
    'pharmacist',
  ],
  transaction: ['charge', 'payments', 'spending', 'transactions', 'gone out', 'go out', 'come out'],
  balance: ['how much', 'left in', 'available', 'in my account', 'salary', 'landed'],
  budget: ['spending', 'overspending', 'spend'],
  alert: ['warning', 'notification', 'heads-up', 'heads up'],
  bill: ['electricity', 'gas bill', 'water bill', 'internet bill', 'phone bill', 'payee', 'landlord'],
  funds: ['money'],
  identity: ['verify', 'who i am', 'confirm who', 'verification'],
  usage: ['data', 'minutes', 'allowance', 'used'],
  plan: ['upgrade', 'downgrade', 'unlimited'],
  roaming: ['abroad', 'travelling', 'traveling', 'overseas'],
  network: ['signal', 'outage', 'dropping calls', 'coverage'],
  booking: ['trip', 'reservation', 'itinerary'],
  flight: ['fly', 'flights', 'plane'],
  bag: ['suitcase', 'luggage', 'baggage'],
  courier: ['driver', 'rider'],
  item: ['missing', 'items'],
  claim: ['claimed', 'claiming'],
  document: ['photos', 'receipts', 'police report', 'quote', 'upload'],
  adjuster: ['assessor', 'look at the damage', 'assess'],
  password: ['locked out', 'forgot', 'log in', 'login'],
  employee: ['staff'],
  device: ['laptop', 'phone'],
  software: ['licence', 'license', 'access to'],
};

/** Phrasings the intent reader (demo-intent.ts) needs to see past or pick up. */
export const SHOPPING_CUE = /\b(looking for|do you (?:have|sell|carry|stock)|in stock|recommend|any .+ (?:under|below|for)|find me)\b/i;
export const CONJUNCTION = /\b(and|then|also|plus|after that|next|second(?:ly)?|too|as well)\b/i;
/** Words before a number that do not say what it is ("with DR-605", "is ORD-1042"). */
export const NOT_A_LABEL =
  /^(with|for|from|to|on|in|is|it's|its|under|about|and|or|my|the|a|of|at|by|was|be|me|number|reference|ref|id|no)$/i;
/** "order number", "order no.", "order #" (a "#" has no word boundary after it when a space follows). */
export const NUMBER_LABEL = /\b[a-z]+[\s_-]+(?:(?:number|num|no\.?|id|reference|ref|code)\b|#)/gi;

/** "a delivery update", "any update on": news asked for, a status, not a change to make. */
export const UPDATE_AS_NEWS =
  /\b(an?|any|the|some|quick|latest|delivery|shipping|order|tracking|status)\s+updates?\b|\bupdates?\s+(?=on|about)\b/gi;

/** "Look, I'm done with forms.": a word that opens a sentence to get attention asks for nothing. */
export const INTERJECTION = /(^|[.!?]\s+)(?:look|see|listen|say)\s*,/gi;

/** What a shop's search tool is named after (`search_products`, `browse_catalog`). */
export const CATALOGUE = /product|item|catalog|catalogue|listing|menu|inventory|stock/;

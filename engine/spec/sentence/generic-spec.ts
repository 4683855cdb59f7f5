import { hashPick } from '../../seeded';
import type { BankEntity, BankRule, BankTool } from '../banks';
import { draftIds } from './draft-ids';
import { article, baseVerb, capitalise, singular, snake, wordsOf } from './english';
import { actTool, handoffTool, primaryTools, type GenericPlan } from './generic-tools';
import { subjectTopic, type SentenceParts } from './sentence-parts';
import { DESTRUCTIVE_TOKENS } from '../tool-kinds';

/** The parts of a drafted spec before it is assembled: what a bank or the generic builder provides. */
export interface DraftPieces {
  name: string;
  domain: string;
  agent_name: string;
  /** Completes "You are {agent_name}, {role}." */
  role: string;
  confirm_object: string;
  resource?: string;
  rules: BankRule[];
  tools: BankTool[];
  known_ids: string[];
}

/** Verbs whose record is a noun made from the verb, over a resource the person picks: book a room -> booking. */
const RESOURCE_VERBS: Readonly<Record<string, string>> = {
  book: 'booking',
  reserve: 'reservation',
  rent: 'rental',
  hire: 'hire',
  order: 'order',
  buy: 'purchase',
  purchase: 'purchase',
  borrow: 'loan',
  lease: 'lease',
  enroll: 'enrollment',
  enrol: 'enrolment',
  register: 'registration',
};
/** Verbs whose object is itself the record: schedules meetings -> meeting. */
const CREATION_VERBS = new Set([
  'schedule',
  'create',
  'plan',
  'organize',
  'organise',
  'arrange',
  'open',
  'file',
  'submit',
  'draft',
  'write',
  'log',
  'raise',
  'add',
  'make',
  'set',
]);
const TIMED_VERBS = new Set(['book', 'reserve', 'rent', 'hire', 'lease', 'schedule', 'plan', 'arrange', 'organize', 'organise']);
const WEAK_VERBS = new Set(['help', 'assist', 'support', 'serve', 'handle', 'manage', 'deal', 'work', 'update', 'change', 'edit']);
/** Verbs of an agent that only looks things up and answers. */
const READ_ONLY_VERBS = new Set([
  'answer',
  'explain',
  'describe',
  'find',
  'look',
  'check',
  'track',
  'show',
  'tell',
  'summarise',
  'summarize',
  'recommend',
  'search',
  'lookup',
  'read',
  'view',
  'list',
  'monitor',
  'report',
  'compare',
  'suggest',
  'research',
  'fetch',
  'know',
]);
const MAX_TOOLS = 7;
const GENERIC_NAMES = ['Atlas', 'Sol', 'Quill'] as const;
const HANDOFF_CUE = /\b(?:human|person|staff|manager|supervisor|colleague|escalat\w*|hands? (?:off|over))\b/i;

/** Common nouns and the id prefixes people expect for them; other nouns get their consonant skeleton. */
const ID_PREFIXES: Readonly<Record<string, string>> = {
  booking: 'BKG',
  reservation: 'RES',
  appointment: 'APT',
  order: 'ORD',
  ticket: 'TKT',
  room: 'RM',
  account: 'ACC',
  invoice: 'INV',
  request: 'REQ',
  payment: 'PAY',
  customer: 'CUS',
  user: 'USR',
  document: 'DOC',
  event: 'EVT',
  meeting: 'MTG',
  course: 'CRS',
  vehicle: 'VEH',
  property: 'PRP',
  shipment: 'SHP',
  subscription: 'SUB',
  book: 'BK',
  loan: 'LN',
  rental: 'RNT',
  desk: 'DSK',
  table: 'TBL',
  record: 'REC',
  application: 'APP',
  registration: 'REG',
  enrollment: 'ENR',
  purchase: 'PUR',
  member: 'MBR',
  student: 'STU',
  employee: 'EMP',
  project: 'PRJ',
  task: 'TSK',
  contract: 'CTR',
  package: 'PKG',
  item: 'ITM',
  product: 'PRD',
  listing: 'LST',
  job: 'JOB',
  candidate: 'CND',
  lesson: 'LSN',
  class: 'CLS',
  space: 'SPC',
  car: 'CAR',
  lease: 'LSE',
  hire: 'HIR',
};

/** A spec from the sentence's own verbs and nouns, for sentences no bank matches. */
export function genericPieces(parts: SentenceParts, seed: number): DraftPieces {
  const plan = planFrom(parts);
  const entities = entitiesFor(plan, parts);
  const ids = draftIds(seed, 'generic', entities);
  const tools = primaryTools(plan, ids);
  for (const capability of parts.capabilities.slice(1)) {
    if (tools.length >= MAX_TOOLS) break;
    if (!entities.some((entity) => entity.key === capability.head)) continue;
    const extra = actTool(capability.verb, capability.head, ids);
    if (!tools.some((tool) => tool.tool.name === extra.tool.name)) tools.push(extra);
  }
  for (const verb of behaviourActions(parts.behaviours)) {
    if (tools.length >= MAX_TOOLS) break;
    const extra = actTool(verb, plan.record, ids);
    if (!tools.some((tool) => tool.tool.name === extra.tool.name || (verb === 'cancel' && tool.tool.name.startsWith('cancel_'))))
      tools.push(extra);
  }
  if ((HANDOFF_CUE.test(parts.clauses.join(' ')) || tools.length < 3) && tools.length < MAX_TOOLS) tools.push(handoffTool());
  const capabilityClauses = parts.clauses.filter((clause) => !parts.behaviours.includes(clause));
  const subject = cleanSubject(parts.subject) || 'an assistant';
  const role = [subject, capabilityClauses.length > 0 ? `that ${capabilityClauses.join(' and ')}` : ''].filter(Boolean).join(' ');
  return {
    name: `${capitalise(plan.resource_phrase)} assistant`,
    domain: 'generic',
    agent_name: hashPick(GENERIC_NAMES, `${seed}:generic:agent-name`) ?? 'Atlas',
    role: role.replace(/[.!?;]+(\s|$)/g, '$1').trim(),
    confirm_object: 'the details with the person',
    resource: plan.resource_phrase,
    rules: genericRules(plan),
    tools,
    known_ids: entities.flatMap((entity) => ids.all(entity.key)),
  };
}

function planFrom(parts: SentenceParts): GenericPlan {
  const primary = parts.capabilities[0];
  const topicWords = wordsOf(subjectTopic(parts.subject)).filter((word) => /^[a-z]{3,}$/.test(word));
  const phraseWords = primary ? wordsOf(primary.object) : topicWords;
  const resource = primary?.head ?? (topicWords.length > 0 ? singular(topicWords.at(-1)!) : 'request');
  const resourcePhrase = phraseWords.length > 0 ? [...phraseWords.slice(0, -1), resource].join(' ') : resource;
  const verb = primary?.verb ?? behaviourVerb(parts.behaviours);
  if (verb && RESOURCE_VERBS[verb] && RESOURCE_VERBS[verb] !== resource) {
    return {
      resource,
      resource_phrase: resourcePhrase,
      record: RESOURCE_VERBS[verb]!,
      verb,
      shape: 'book',
      is_timed: TIMED_VERBS.has(verb),
    };
  }
  if (verb && CREATION_VERBS.has(verb)) {
    return { resource, resource_phrase: resourcePhrase, record: resource, verb, shape: 'create', is_timed: TIMED_VERBS.has(verb) };
  }
  if (verb && READ_ONLY_VERBS.has(verb)) {
    return { resource, resource_phrase: resourcePhrase, record: resource, verb, shape: 'read', is_timed: false };
  }
  const actVerb = !verb || WEAK_VERBS.has(verb) || !/^[a-z]{3,}$/.test(verb) ? 'update' : verb;
  return { resource, resource_phrase: resourcePhrase, record: resource, verb: actVerb, shape: 'act', is_timed: false };
}

/** A booking or creation verb inside a behaviour ("never double-books" -> book), when no capability names one. */
function behaviourVerb(behaviours: readonly string[]): string | undefined {
  for (const word of behaviours.flatMap((clause) => wordsOf(clause))) {
    const verb = baseVerb(word.replace(/^(?:double|over|re)-?/, ''));
    if (RESOURCE_VERBS[verb] || CREATION_VERBS.has(verb)) return verb;
  }
  return undefined;
}

/** Destructive verbs a behaviour talks about ("never cancels one without asking"): the agent needs that tool. */
function behaviourActions(behaviours: readonly string[]): string[] {
  const verbs: string[] = [];
  for (const clause of behaviours) {
    const words = wordsOf(clause).filter(
      (word) => !['never', 'always', 'only', 'must', 'should', 'will', 'also', 'first', 'not', "doesn't", "won't"].includes(word),
    );
    const verb = words[0] ? baseVerb(words[0]) : undefined;
    if (verb && DESTRUCTIVE_TOKENS.has(verb) && !verbs.includes(verb)) verbs.push(verb);
  }
  return verbs;
}

function entitiesFor(plan: GenericPlan, parts: SentenceParts): BankEntity[] {
  const nouns = [plan.resource, plan.record, ...parts.capabilities.slice(1).map((capability) => capability.head)];
  const entities: BankEntity[] = [];
  const prefixes = new Set<string>();
  for (const noun of nouns) {
    if (entities.some((entity) => entity.key === noun)) continue;
    let prefix = ID_PREFIXES[noun] ?? skeleton(noun);
    for (let extra = 0; prefixes.has(prefix) && extra < 26; extra++) prefix = `${prefix.slice(0, 3)}${String.fromCharCode(65 + extra)}`;
    prefixes.add(prefix);
    entities.push({ key: noun, prefix: `${prefix}-`, digits: 4, count: 3 });
  }
  return entities;
}

/** First letter plus the following consonants, up to three capitals: `locker` -> LCK. */
function skeleton(noun: string): string {
  const letters = noun.toUpperCase().replace(/[^A-Z]/g, '');
  if (!letters) return 'REF';
  let out = letters[0]!;
  for (const letter of letters.slice(1)) {
    if (out.length >= 3) break;
    if (!'AEIOU'.includes(letter) && letter !== out.at(-1)) out += letter;
  }
  return out;
}

function genericRules(plan: GenericPlan): BankRule[] {
  const record = plan.record;
  const getTool = `get_${snake(record)}`;
  const lookUp: Record<GenericPlan['shape'], string> = {
    book: `Look up the ${record} with ${getTool} before changing or cancelling it.`,
    create: `Look up the ${record} with ${getTool} before changing or cancelling it.`,
    act: `Look up the ${record} with ${getTool} before you ${plan.verb ?? 'update'} it.`,
    read: `Look up the ${record} with ${getTool} before answering about it.`,
  };
  const confirm: Record<GenericPlan['shape'], BankRule> = {
    book: {
      text: `Confirm the details with the person before you create or cancel ${article(record)} ${record}.`,
      topic: 'confirm_action',
    },
    create: {
      text: `Confirm the details with the person before you create or cancel ${article(record)} ${record}.`,
      topic: 'confirm_action',
    },
    act: { text: `Confirm with the person before you ${plan.verb ?? 'update'} ${article(record)} ${record}.`, topic: 'confirm_action' },
    read: { text: 'Answer only from what a tool returned, and say so plainly when nothing matches.' },
  };
  return [
    { text: lookUp[plan.shape] },
    { text: `Never invent ${article(record)} ${record} number, time or any detail a tool did not return.`, topic: 'no_invention' },
    confirm[plan.shape],
    { text: 'If a tool fails or times out, say so plainly and never claim the action happened.' },
    { text: 'Hand off to a human when the person asks for one or needs something the tools cannot do.', topic: 'handoff' },
  ];
}

/** `Concierge` -> `a concierge`; `A finance bot` -> `a finance bot`; acronyms keep their capitals. */
function cleanSubject(subject: string): string {
  const trimmed = subject.trim().replace(/[,:;]+$/, '');
  if (!trimmed) return '';
  if (/^(?:a|an|the|our|your|my)\b/i.test(trimmed)) return trimmed.replace(/^\w+/, (word) => word.toLowerCase());
  const lowered = /^[A-Z][a-z]/.test(trimmed) ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1) : trimmed;
  return `${article(lowered)} ${lowered}`;
}

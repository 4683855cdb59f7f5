import { bankTool, date, dateTime, integer, text, type BankTool, type IdPool } from '../banks/domain-bank';
import { capitalise, pastTense, plural, snake } from './english';

/** The nouns and verb a generic spec is built around: "books meeting rooms" -> resource room, record booking. */
export interface GenericPlan {
  /** What the person searches for: `room` (phrase `meeting room`). */
  resource: string;
  resource_phrase: string;
  /** What the agent creates or acts on: `booking`, or the resource itself. */
  record: string;
  verb: string | undefined;
  /**
   * book: the record is a nominalised verb over a resource; create: the record is the object; act: a verb on the
   * resource; read: the agent only looks things up and answers.
   */
  shape: 'book' | 'create' | 'act' | 'read';
  /** Booking-like verbs take a start and end time. */
  is_timed: boolean;
}

const START = '2026-03-18T10:00:00Z';
const END = '2026-03-18T11:00:00Z';

/** Field names for an entity's identifier: `room` -> room_id. */
export function idField(noun: string): string {
  return `${snake(noun)}_id`;
}

export function primaryTools(plan: GenericPlan, ids: IdPool): BankTool[] {
  const resourceId = idField(plan.resource);
  const recordId = idField(plan.record);
  const label = capitalise(plan.resource_phrase);
  const search = bankTool(
    toolName('search', plural(plan.resource)),
    `Search ${plural(plan.resource_phrase)} by name or feature and return matches with their ids. ` +
      `${capitalise(plural(plan.resource))} on file: ${ids.list(plan.resource)}.`,
    plan.is_timed
      ? { query: text('What the person is looking for, in their words.'), date: date('The day they need it, as YYYY-MM-DD.') }
      : {
          query: text('What the person is looking for, in their words.'),
          limit: integer('How many matches to return, at most 20.', 1, 20),
        },
    ['query'],
    {
      results: [
        { [resourceId]: ids.get(plan.resource, 0), name: `${label} A`, status: 'available' },
        { [resourceId]: ids.get(plan.resource, 1), name: `${label} B`, status: plan.is_timed ? 'busy' : 'available' },
      ],
    },
  );
  const get = bankTool(
    toolName('get', plan.record),
    `Look up one ${plan.record} by its id. ${capitalise(plural(plan.record))} on file: ${ids.list(plan.record)}.`,
    { [recordId]: text(`The ${plan.record} id, for example ${ids.get(plan.record)}.`) },
    [recordId],
    recordShape(plan, ids, 0),
  );
  switch (plan.shape) {
    case 'book':
    case 'create':
      return [search, get, createTool(plan, ids), cancelTool(plan, ids)];
    case 'act':
      return [search, get, actTool(plan.verb ?? 'update', plan.resource, ids)];
    case 'read':
      return [search, get];
    default: {
      const unreachable: never = plan.shape;
      throw new Error(`unknown plan shape ${String(unreachable)}`);
    }
  }
}

/** A tool for a further capability ("and renews books" -> renew_book). */
export function actTool(verb: string, noun: string, ids: IdPool): BankTool {
  const field = idField(noun);
  if (verb === 'update' || verb === 'change' || verb === 'edit') {
    return bankTool(
      toolName('update', noun),
      `Change the details of one ${noun}.`,
      { [field]: text(`The ${noun} to change.`), changes: text('What to change, in plain words.') },
      [field, 'changes'],
      { [field]: ids.get(noun), status: 'updated', updated_at: '2026-03-14T10:00:00Z' },
    );
  }
  return bankTool(
    toolName(verb, noun),
    `${capitalise(verb)} one ${noun} by its id.`,
    { [field]: text(`The ${noun} to ${verb}, for example ${ids.get(noun)}.`), note: text('Anything the person asked to add.') },
    [field],
    { [field]: ids.get(noun), status: snake(pastTense(verb)), updated_at: '2026-03-14T10:00:00Z' },
  );
}

export function handoffTool(): BankTool {
  return bankTool(
    'transfer_to_human',
    'Hand the conversation to a human colleague with a short summary.',
    { summary: text('What the person needs and what was already tried.') },
    ['summary'],
    { queue: 'staff', position: 2, estimated_wait_minutes: 6 },
  );
}

function createTool(plan: GenericPlan, ids: IdPool): BankTool {
  const resourceId = idField(plan.resource);
  if (plan.shape === 'book') {
    const properties: Record<string, Record<string, unknown>> = plan.is_timed
      ? {
          [resourceId]: text(`The ${plan.resource_phrase} to book, from ${toolName('search', plural(plan.resource))}.`),
          start_time: dateTime('When it starts.'),
          end_time: dateTime('When it ends.'),
          notes: text('Anything the person asked to add.'),
        }
      : { [resourceId]: text(`The ${plan.resource_phrase}, from the search.`), quantity: integer('How many.', 1, 99) };
    const required = plan.is_timed ? [resourceId, 'start_time', 'end_time'] : [resourceId, 'quantity'];
    return bankTool(
      toolName('create', plan.record),
      `Create ${articleFor(plan.record)} ${plan.record} for the person.`,
      properties,
      required,
      recordShape(plan, ids, 1),
    );
  }
  const properties: Record<string, Record<string, unknown>> = plan.is_timed
    ? { title: text(`A short name for the ${plan.record}.`), start_time: dateTime('When it starts.'), end_time: dateTime('When it ends.') }
    : { title: text(`A short name for the ${plan.record}.`), details: text('The details the person gave.') };
  const required = plan.is_timed ? ['title', 'start_time', 'end_time'] : ['title', 'details'];
  return bankTool(toolName('create', plan.record), `Create a new ${plan.record}.`, properties, required, recordShape(plan, ids, 1));
}

function cancelTool(plan: GenericPlan, ids: IdPool): BankTool {
  const recordId = idField(plan.record);
  return bankTool(
    toolName('cancel', plan.record),
    `Cancel ${articleFor(plan.record)} ${plan.record}. It cannot be undone.`,
    { [recordId]: text(`The ${plan.record} to cancel.`), reason: text('Why it is being cancelled.') },
    [recordId, 'reason'],
    { [recordId]: ids.get(plan.record, 2), status: 'cancelled', cancelled_at: '2026-03-14T10:30:00Z' },
  );
}

function recordShape(plan: GenericPlan, ids: IdPool, index: number): Record<string, unknown> {
  const record: Record<string, unknown> = { [idField(plan.record)]: ids.get(plan.record, index) };
  if (plan.shape === 'book') record[idField(plan.resource)] = ids.get(plan.resource, index);
  if (plan.shape === 'create') record.title = `${capitalise(plan.record)} with the design team`;
  if (plan.is_timed) Object.assign(record, { start_time: START, end_time: END, status: 'confirmed' });
  else if (plan.shape === 'read')
    Object.assign(record, { title: `${capitalise(plan.resource_phrase)} overview`, summary: 'Short text a tool returned.' });
  else Object.assign(record, { status: plan.shape === 'act' ? 'active' : 'open', quantity: plan.shape === 'book' ? 1 : undefined });
  record.created_at = '2026-03-12T15:04:00Z';
  if (record.quantity === undefined) delete record.quantity;
  return record;
}

function toolName(verb: string, noun: string): string {
  return `${snake(verb)}_${snake(noun)}`.slice(0, 64);
}

function articleFor(noun: string): string {
  return /^[aeiou]/.test(noun) ? 'an' : 'a';
}

import { withFaker } from '../seeded-faker';
import { drawId } from '../world-catalog';
import type { EntityRecord } from '../world-memory';
import type { AnswerShape, Template } from './answer-shapes';
import { entityFor, entityShowing, viewOf, type EntityWorld } from './entity-payload';
import { refundsFromRecord } from './line-totals';
import { limitOf, listedEntities } from './listing';
import { byDate, dateRange, filterArguments } from './search-filters';
import { echoArguments, fillTemplate, ID_KEY, plainScope } from './template-fill';
import { entityShift } from './dates';
import { entityKey } from '../references';
import { withArrivedEstimate } from './order-stage';

/** One call answered from its tool's example. */
export interface ShapedCall {
  world: EntityWorld;
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** 12 hex characters of the call's hash: the same call draws the same answer. */
  digest: string;
  callHash: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The example filled for this call alone (ids redrawn in shape, dates together or in the searched range), arguments echoed. */
export function filledForCall(call: ShapedCall, template: unknown): unknown {
  const range = dateRange(call.args);
  const filled = withFaker(`shape-call:${call.world.seed}:${call.tool}:${call.digest}`, (faker) =>
    fillTemplate(template, plainScope(faker, template, range)),
  );
  if (isObject(filled)) echoArguments(filled, call.args);
  return filled;
}

/**
 * Fields of the answer the entity also has take the entity's values. An answer about another record (a refund of
 * an order) takes only the entity's ids and the fields named after the entity's (`to_payment_method` from
 * `payment_method`), never its status or dates.
 */
export function overlay(answer: Record<string, unknown>, entity: EntityRecord, keep: ReadonlySet<string>, isAbout = true): void {
  for (const key of Object.keys(answer)) {
    if (keep.has(key) || isObject(answer[key])) continue;
    if (key in entity && (isAbout || ID_KEY.test(key))) answer[key] = entity[key];
    else if (!(key in entity)) {
      const source = Object.keys(entity).find((field) => key.endsWith(`_${field}`) && typeof entity[field] !== 'object');
      if (source !== undefined) answer[key] = entity[source];
    }
  }
}

/**
 * A lookup by what the person knows (a last name and a date of birth) rather than an id: the one record that
 * matches, the same for the same details, stored as the entity it is.
 */
export function lookupAnswer(call: ShapedCall, answer: Extract<AnswerShape, { kind: 'record' }>): unknown {
  const { world } = call;
  const identity = answer.identity!;
  const context = { ...world.catalog.forNoun(identity.kind), idKey: identity.key };
  const id = withFaker(`lookup-id:${world.seed}:${call.tool}:${call.digest}`, (faker) =>
    drawId(world.catalog.idFormat(identity.kind), faker),
  );
  return viewOf(entityShowing({ world, id, context, overrides: filterArguments(call.args) }, answer.template), answer.template);
}

/**
 * A search's answer from its example: the top-level fields echo the query (and show the entity it is scoped to, a
 * provider's name beside its id), the list holds views of entities that match it, or plain entries (open slots)
 * inside the dates searched, earliest first.
 */
export function listingAnswer(call: ShapedCall, answer: Extract<AnswerShape, { kind: 'listing' }>): unknown {
  const { world, args } = call;
  const filled = filledForCall(call, answer.template ?? [answer.item]);
  const drawnList = Array.isArray(filled) ? filled : isObject(filled) && answer.listKey ? (filled[answer.listKey] as unknown[]) : [];
  let items: unknown[];
  if (answer.itemIdentity) {
    const context = { ...world.catalog.forNoun(answer.itemIdentity.kind), idKey: answer.itemIdentity.key };
    items = listedEntities({
      world,
      tool: call.tool,
      args,
      callHash: call.callHash,
      context,
      count: Math.min(drawnList.length, limitOf(args) ?? drawnList.length),
      templates: answer.items,
    });
  } else items = dateRange(args) ? byDate(drawnList) : drawnList;
  if (!isObject(filled) || answer.listKey === undefined) return items;
  if (answer.identity) {
    const scopeId = args[answer.identity.key];
    if (typeof scopeId === 'string' || typeof scopeId === 'number') {
      const context = { ...world.catalog.forNoun(answer.identity.kind), idKey: answer.identity.key };
      overlay(filled, entityFor({ world, id: String(scopeId), context }), new Set([answer.listKey]));
    }
  }
  return { ...filled, [answer.listKey]: items };
}

/**
 * An action's answer from its example, agreeing with the world: fields it shares with the acted-on entity show the
 * entity as it now is (the address just written, the status the action left), and an answer about a new record (a
 * refund, a booking) is that record, stored, so a later lookup of its id finds the same thing.
 */
export function actionAnswer(
  call: ShapedCall,
  answer: Extract<AnswerShape, { kind: 'record' }>,
  acted: { kind: string; record: EntityRecord } | undefined,
): unknown {
  const { world, args } = call;
  const filled = filledForCall(call, answer.template);
  if (!isObject(filled)) return filled;
  const identity = answer.identity;
  const passed = new Set(Object.keys(args));
  const isAbout = identity !== undefined && identity.kind === acted?.kind;
  if (acted !== undefined) {
    overlay(filled, acted.record, identity ? new Set([...passed, ...(isAbout ? [] : [identity.key])]) : passed, isAbout);
    refundsFromRecord(filled, acted.record, passed);
  }
  if (identity && identity.kind !== acted?.kind && identity.key in filled && !(identity.key in args)) {
    const id = String(filled[identity.key]);
    if (world.memory.recordOf(id) === undefined) world.memory.remember(id, { ...filled }, identity.kind);
  }
  return filled;
}

/**
 * A read's answer about an entity it names but does not describe (an order's tracking): drawn from the entity's id
 * (the same tracking number in every situation) on the entity's calendar, so its dates fall where the example puts
 * them beside the entity's; an estimate for an order that has arrived is the day it arrived.
 */
export function answerAbout(call: ShapedCall, template: Template, entity: { id: string; noun: string; record: EntityRecord }): unknown {
  const example = call.world.catalog.answers.entityTemplate(entity.noun) ?? template;
  const dayShift = entityShift(entityKey(entity.id), example, withFaker);
  const filled = withFaker(`about:${call.tool}:${entityKey(entity.id)}`, (faker) =>
    fillTemplate(template, { ...plainScope(faker, template), dayShift }),
  );
  if (!isObject(filled)) return filled;
  echoArguments(filled, call.args);
  return withArrivedEstimate(filled, entity.record);
}

/** A read's answer from an example about no one entity: filled for the call, arguments echoed. */
export function plainAnswer(call: ShapedCall, template: Template | readonly Template[]): unknown {
  return filledForCall(call, template);
}

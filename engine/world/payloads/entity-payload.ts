import { hashInt } from '../../seeded';
import { entityKey } from '../references';
import { relatedId } from '../relations';
import { withFaker } from '../seeded-faker';
import { referenceNoun, singular, nameTokens } from '../tool-names';
import type { WorldCatalog } from '../world-catalog';
import type { EntityRecord, WorldMemory } from '../world-memory';
import type { WorldStateKind } from '../world-state';
import { identityOf, type Template } from './answer-shapes';
import { entityRecord, type RecordContext } from './entity-record';
import { withLineTotals } from './line-totals';
import { applyFilters } from './search-filters';
import { fillTemplate, ID_KEY, redrawDigits, type FillScope } from './template-fill';
import { entityShift } from './dates';
import { withDrawnStage, withStageDates } from './order-stage';
import { lineProduct, namedLine } from './line-products';
import { withWorldState } from './world-state-record';
import { asThePerson, type WorldPerson } from './person-record';

/** What drawing an entity reads and writes: the world's seed, state, memory and catalog. */
export interface EntityWorld {
  seed: number;
  state: WorldStateKind;
  memory: WorldMemory;
  catalog: WorldCatalog;
  /** The simulated person, whose own record a search by their name finds. */
  person?: WorldPerson;
  /** The spec's tool the situation is about, when it names one: what a record already acted on had done. */
  askedTool?: string;
}

export interface EntityRequest {
  world: EntityWorld;
  id: string;
  /** The entity's kind (`noun`) and the key its id goes under. */
  context: RecordContext;
  /** Fields a fresh draw takes (a search's filters, a booking's details); a stored record keeps its own. */
  overrides?: Readonly<Record<string, unknown>>;
  /** The example to draw from instead of the kind's (the line of an order that names this product). */
  template?: Template;
  /** A search hit nobody asked about: the world state (half done, already done) is not shown on it. */
  stateless?: boolean;
}

/** A key that names an entity by id and is not the record's own (`customer_id` in an order, `sku` in a line). */
function foreignKind(key: string, own: RecordContext): string | undefined {
  const lower = key.toLowerCase();
  const bare = lower === 'id' || lower === 'number' || lower === 'ref' || lower === 'code';
  if (bare || !ID_KEY.test(key)) return undefined;
  const kind = referenceNoun(key, own.noun);
  return kind === own.noun ? undefined : kind;
}

/**
 * The id a record's field points to: one of the world's ids of that kind (the same for an owner in every world),
 * else a fresh one shaped like the example; the entity then exists.
 */
function relatedFor(request: EntityRequest, key: string, example: string, index: number, faker: FillScope['faker']): string {
  const { world, context, id } = request;
  const kind = foreignKind(key, context);
  if (kind === undefined) return redrawDigits(example, faker);
  const related = relatedId(id, kind, world.catalog.idsOf(kind), index) ?? redrawDigits(example, faker);
  world.memory.remember(related, undefined, kind);
  return related;
}

/**
 * A line of a record that names another entity (an order's product): that entity's view, drawn once per world; a
 * product's line shows the product as it is everywhere, in the quantity of this line.
 */
function lineEntity(
  request: EntityRequest,
  listKey: string,
  elements: readonly Record<string, unknown>[],
  index: number,
  faker: FillScope['faker'],
): Record<string, unknown> | undefined {
  const first = elements[0]!;
  const identity = identityOf(first, singular(nameTokens(listKey).at(-1) ?? listKey), request.context.noun);
  if (identity === undefined) return namedLine(request.id, elements, index, faker);
  const { world } = request;
  const context = { ...world.catalog.forNoun(identity.kind), idKey: identity.key };
  const product = lineProduct({ ownerId: request.id, identity, elements, known: world.catalog.idsOf(identity.kind), index, faker });
  if (product !== undefined) {
    world.memory.remember(product.id, undefined, identity.kind);
    const { template, overrides } = product;
    const record = entityFor({ world, id: product.id, context, template, overrides, stateless: true });
    return { ...viewOf(record, template), ...product.line };
  }
  const lineId = relatedFor(request, identity.key, String(first[identity.key]), index, faker);
  const matching = elements.find((element) => String(element[identity.key]) === lineId);
  const template = matching ?? elements[hashInt(`line:${entityKey(lineId)}`, elements.length)]!;
  return viewOf(entityFor({ world, id: lineId, context, template, stateless: true }), template);
}

function shapedEntity(template: Template, request: EntityRequest, variant: string): EntityRecord {
  const { id, context } = request;
  const idKey = context.idKey in template ? context.idKey : (identityOf(template, context.noun, context.noun)?.key ?? context.idKey);
  // Drawn from its own id alone, as the SDK's records are: the same order holds the same lines, placed on the same day,
  // and a product has the same name and price, in every situation of the run; only its stage and the world state vary.
  const key = `${entityKey(id)}${variant}`;
  const dayShift = entityShift(key, template, withFaker);
  return withFaker(`shape:run:${key}`, (faker) => {
    const scope: FillScope = {
      faker,
      dayShift,
      idFor: (key, example, index) => (key === idKey ? id : relatedFor(request, key, example, index, faker)),
      entityItem: (listKey, _element, elements, index) => lineEntity(request, listKey, elements, index, faker),
    };
    const record = fillTemplate(template, scope) as EntityRecord;
    record[idKey] = id;
    return record;
  });
}

/**
 * A fresh record for the entity: from its example (or its kind's), else its family's fields; overrides applied; the
 * world state, when given, shown before the order's dates follow its status.
 */
function drawEntity(request: EntityRequest, variant = '', state?: WorldStateKind): EntityRecord {
  const template = request.template ?? request.world.catalog.answers.entityTemplate(request.context.noun);
  const { world, id, context } = request;
  const drawn = template
    ? withDrawnStage(shapedEntity(template, request, variant), context.noun, `${world.seed}:${entityKey(id)}${variant}`)
    : entityRecord(id, context, variant);
  const filters = request.overrides ?? {};
  const filtered = asThePerson(applyFilters(drawn, filters), filters, world.person);
  const stateKey = `${world.seed}:${entityKey(id)}`;
  const shown = state === undefined ? filtered : withWorldState(filtered, state, stateKey, context.noun, world.askedTool);
  return withLineTotals(withStageDates(shown, context.noun));
}

/**
 * The entity's record: the stored one when the world has shown it before, else drawn once (seeded by its id), world
 * state applied, and stored, so every later read, listing and action sees the same record.
 */
export function entityFor(request: EntityRequest): EntityRecord {
  const { id, world, context } = request;
  const stored = world.memory.recordOf(id);
  if (stored) return stored;
  const record = drawEntity(request, '', request.stateless ? undefined : world.state);
  world.memory.remember(id, record, context.noun);
  return record;
}

/**
 * The entity with every field the example shows: a record the world stored with fewer (one it created from a
 * booking's answer) is completed once from its kind's example, its own values kept.
 */
export function entityShowing(request: EntityRequest, template: Template | undefined): EntityRecord {
  const record = entityFor(request);
  if (template === undefined || Object.keys(template).every((key) => key in record)) return record;
  const completed = { ...drawEntity(request), ...record };
  request.world.memory.remember(request.id, completed, request.context.noun);
  return completed;
}

/** The record as one tool's example shows it: the example's fields in its order, plus a world-state note. */
export function viewOf(record: EntityRecord, template: Template | undefined): EntityRecord {
  if (template === undefined) return record;
  const view: EntityRecord = {};
  for (const key of Object.keys(template)) if (key in record) view[key] = record[key];
  if (typeof record.note === 'string') view.note = record.note;
  return view;
}

/** Two records that both answer to the id, for the `duplicate entity` world: the person has to say which. */
export function duplicateCandidates(request: EntityRequest, template: Template | undefined): EntityRecord[] {
  const first = entityFor(request);
  const second = drawEntity(request, ':duplicate');
  const recordIds = withFaker(`duplicate:${request.world.seed}:${entityKey(request.id)}`, (faker) => [
    faker.number.int({ min: 1000, max: 89999 }),
    faker.number.int({ min: 1000, max: 89999 }),
  ]);
  return [
    { record_id: recordIds[0], ...viewOf(first, template) },
    { record_id: recordIds[1], ...viewOf(second, template) },
  ];
}

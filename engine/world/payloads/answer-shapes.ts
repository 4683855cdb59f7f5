import type { ToolSpec } from '../../../shared/domain';
import { isIdKey } from '../id-kinds';
import { isReadTool, nameTokens, referenceNoun, singular, toolNoun } from '../tool-names';

export type Template = Record<string, unknown>;

/** The key an object's id sits under and the kind of entity the object describes. */
export interface Identity {
  key: string;
  kind: string;
}

/**
 * How a tool's `result_shapes` example relates to the world's entities. `record`: the answer is one entity's
 * record (a lookup, a facet such as tracking, or an action's answer). `listing`: a search's answer, whose top-level
 * fields echo the query (or describe the entity it is scoped to) and whose list holds views of entities or plain
 * entries (open slots).
 */
export type AnswerShape =
  | { kind: 'record'; template: Template; identity: Identity | undefined }
  | {
      kind: 'listing';
      template: Template | undefined;
      identity: Identity | undefined;
      listKey: string | undefined;
      /** The list's first example entry, and all of them. */
      item: Template;
      items: readonly Template[];
      itemIdentity: Identity | undefined;
    };

const LISTING_TOOL = /^(list|search|find|browse|query)|search|_list$/i;
const isObject = (value: unknown): value is Template => value !== null && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/** Keys that point at another record: the one moved to or from (`new_flight_number`, `old_plan_code`). */
const POINTER = /^(new|old|previous|prior|from|to|target|source|original|replacement)_/i;

/** The identity of an object: its `id`, the id key naming `hint` (the tool's or list's noun), or its only id key. */
export function identityOf(object: Template, hint: string, tool: string): Identity | undefined {
  const keys = Object.keys(object).filter((key) => isIdKey(key) && !POINTER.test(key) && isScalar(object[key]));
  if (keys.includes('id')) return { key: 'id', kind: hint };
  const named = keys.find((key) => referenceNoun(key, tool) === hint);
  if (named !== undefined) return { key: named, kind: hint };
  const only = keys.length === 1 ? keys[0]! : undefined;
  return only === undefined ? undefined : { key: only, kind: referenceNoun(only, tool) };
}

/** The first list of objects among an object's fields, as a listing's results. */
function listField(object: Template): string | undefined {
  return Object.keys(object).find((key) => Array.isArray(object[key]) && isObject((object[key] as unknown[])[0]));
}

function analyse(tool: string, shape: unknown): AnswerShape | undefined {
  if (Array.isArray(shape)) {
    const items = shape.filter(isObject);
    const item = items[0];
    if (item === undefined) return undefined;
    const itemIdentity = identityOf(item, toolNoun(tool), tool);
    return { kind: 'listing', template: undefined, identity: undefined, listKey: undefined, item, items, itemIdentity };
  }
  if (!isObject(shape) || Object.keys(shape).length === 0) return undefined;
  const identity = identityOf(shape, toolNoun(tool), tool);
  const listKey = listField(shape);
  // A search whose answer carries a list of results is a listing; a lookup that happens to hold a list (an order's
  // lines) is a record of its own entity.
  const isListing = isReadTool(tool) && LISTING_TOOL.test(tool) && listKey !== undefined && identity?.kind !== toolNoun(tool);
  if (!isListing) return { kind: 'record', template: shape, identity };
  const items = (shape[listKey] as unknown[]).filter(isObject);
  const item = items[0]!;
  const hint = singular(nameTokens(listKey).at(-1) ?? toolNoun(tool));
  return { kind: 'listing', template: shape, identity, listKey, item, items, itemIdentity: identityOf(item, hint, tool) };
}

/**
 * Every tool's answer shape and, per kind of entity, the union of the fields its examples show (the kind's lookup
 * first, then facets and listing items, then actions' answers about it), so an entity is drawn once with every
 * field any answer shows.
 */
export class AnswerShapes {
  private readonly answers = new Map<string, AnswerShape>();
  private readonly unions = new Map<string, Template>();

  constructor(tools: readonly ToolSpec[], shapes: Readonly<Record<string, unknown>> | undefined) {
    const parts = new Map<string, { home: boolean; fields: Template }[]>();
    const add = (kind: string, fields: Template, home: boolean) => {
      if (!parts.has(kind)) parts.set(kind, []);
      parts.get(kind)!.push({ home, fields });
    };
    const actions: [string, Template][] = [];
    for (const tool of tools) {
      const answer = analyse(tool.name, shapes?.[tool.name]);
      if (answer === undefined) continue;
      this.answers.set(tool.name, answer);
      if (!isReadTool(tool.name)) {
        if (answer.kind === 'record' && answer.identity) actions.push([answer.identity.kind, answer.template]);
        continue;
      }
      if (answer.kind === 'record' && answer.identity)
        add(answer.identity.kind, answer.template, answer.identity.kind === toolNoun(tool.name));
      if (answer.kind === 'listing') {
        if (answer.template && answer.identity) add(answer.identity.kind, scalarsOf(answer.template), false);
        if (answer.itemIdentity) add(answer.itemIdentity.kind, answer.item, false);
      }
      for (const [kind, item] of recordParts(answer, tool.name)) add(kind, item, false);
    }
    // What an action shows about its entity (a cancellation's time, the member's name a check returns) belongs to
    // the entity too, after everything the reads show.
    for (const [kind, template] of actions) add(kind, template, false);
    for (const [kind, list] of parts) {
      const ordered = [...list.filter((part) => part.home), ...list.filter((part) => !part.home)];
      const union: Template = {};
      for (const { fields } of ordered) for (const [key, value] of Object.entries(fields)) if (!(key in union)) union[key] = value;
      this.unions.set(kind, union);
    }
  }

  answerOf(tool: string): AnswerShape | undefined {
    return this.answers.get(tool);
  }

  /** Every field a read shows for this kind of entity, with example values; undefined when no example shows one. */
  entityTemplate(kind: string): Template | undefined {
    return this.unions.get(kind);
  }
}

function scalarsOf(template: Template): Template {
  return Object.fromEntries(Object.entries(template).filter(([, value]) => value === null || typeof value !== 'object'));
}

/** Entities inside a record's lists (an order's lines are products): each line's fields describe its entity. */
function recordParts(answer: AnswerShape, tool: string): [string, Template][] {
  if (answer.kind !== 'record') return [];
  const found: [string, Template][] = [];
  for (const [key, value] of Object.entries(answer.template)) {
    if (!Array.isArray(value)) continue;
    const item = value.find(isObject);
    const identity = item && identityOf(item, singular(nameTokens(key).at(-1) ?? key), tool);
    if (item && identity) found.push([identity.kind, item]);
  }
  return found;
}

const cache = new WeakMap<readonly ToolSpec[], { shapes: Readonly<Record<string, unknown>> | undefined; answers: AnswerShapes }>();

/** One AnswerShapes per tool set and result examples (a run builds a world per rollout from the same spec). */
export function answerShapesFor(tools: readonly ToolSpec[], shapes: Readonly<Record<string, unknown>> | undefined): AnswerShapes {
  const cached = cache.get(tools);
  if (cached !== undefined && cached.shapes === shapes) return cached.answers;
  const answers = new AnswerShapes(tools, shapes);
  cache.set(tools, { shapes, answers });
  return answers;
}

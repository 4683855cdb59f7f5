import type { ToolSpec } from '../../shared/domain';
import { hashPick } from '../seeded';
import type { RecordContext } from './payloads/entity-record';
import { answerShapesFor, type AnswerShapes } from './payloads/answer-shapes';
import { idPrefix, type IdKindNames } from './id-kinds';
import { REFERENCE_KEY, referenceNoun, toolNoun } from './tool-names';
import type { SeededFaker } from './seeded-faker';

const CURRENCIES = ['USD', 'USD', 'USD', 'USD', 'EUR', 'EUR', 'GBP', 'CAD'];

/** How a kind of entity's ids are written, learned from the known ids (`ORD-1042` -> ORD, `-`, 4 digits). */
export interface IdFormat {
  prefix: string;
  separator: string;
  digits: number;
}

const keysCache = new WeakMap<ToolSpec, readonly string[]>();

/** Every parameter key of a tool, nested ones included, in schema order. */
function parameterKeys(tool: ToolSpec): readonly string[] {
  const cached = keysCache.get(tool);
  if (cached) return cached;
  const keys: string[] = [];
  const walk = (schema: unknown) => {
    if (schema === null || typeof schema !== 'object') return;
    const properties = (schema as Record<string, unknown>).properties;
    if (properties === null || typeof properties !== 'object') return;
    for (const [key, child] of Object.entries(properties)) {
      keys.push(key);
      walk(child);
      walk((child as Record<string, unknown> | null)?.items);
    }
  };
  walk(tool.parameters);
  keysCache.set(tool, keys);
  return keys;
}

/**
 * What the tool set says about each kind of entity, computed once per world: the key its id goes under, the cues
 * that shape its record (an order touched by a refund tool carries an amount), and how its ids look.
 */
export class WorldCatalog {
  readonly currency: string;
  /** How each tool's example answer relates to the entities, and every field the reads show per kind. */
  readonly answers: AnswerShapes;
  private readonly contexts = new Map<string, RecordContext>();
  private readonly formats = new Map<string, IdFormat>();
  private readonly idsByKind = new Map<string, readonly string[]>();

  /**
   * @param idKinds which kind of entity each id prefix names, so new ids take the shape of their own kind's ids.
   * @param resultShapes the spec's example answers per tool.
   */
  constructor(
    private readonly tools: readonly ToolSpec[],
    private readonly knownIds: readonly string[],
    private readonly seed: number,
    private readonly idKinds?: IdKindNames,
    resultShapes?: Readonly<Record<string, unknown>>,
  ) {
    this.currency = hashPick(CURRENCIES, `currency:${seed}`)!;
    this.answers = answerShapesFor(tools, resultShapes);
  }

  /**
   * The world's own ids of a kind of entity, in document order: the known ids whose prefix names that kind, then the
   * ids the tool set and examples give it. Related records point at these first (an order's customer is one of the
   * customers on file).
   */
  idsOf(noun: string): readonly string[] {
    let ids = this.idsByKind.get(noun);
    if (ids === undefined) {
      const ofKind = this.idKinds?.idsOf(noun) ?? [];
      const prefixes = new Set(ofKind.map(idPrefix));
      ids = [...new Set([...this.knownIds.filter((id) => prefixes.has(idPrefix(id))), ...ofKind])];
      this.idsByKind.set(noun, ids);
    }
    return ids;
  }

  /** The context of the entity a reference key names in this tool's call. */
  forReference(key: string, tool: string): RecordContext {
    const noun = referenceNoun(key, tool);
    return this.forNoun(noun, REFERENCE_KEY.test(key) && key.toLowerCase() !== 'name' ? key : undefined);
  }

  /** The context of the things a tool is about (the items a list or search returns). */
  forTool(tool: string): RecordContext {
    return this.forNoun(toolNoun(tool));
  }

  forNoun(noun: string, preferredKey?: string): RecordContext {
    const cacheKey = `${noun}\u0000${preferredKey ?? ''}`;
    const cached = this.contexts.get(cacheKey);
    if (cached) return cached;
    const cues: string[] = [noun];
    let idKey: string | undefined;
    for (const tool of this.tools) {
      const keys = parameterKeys(tool);
      const touches = toolNoun(tool.name) === noun || keys.some((key) => REFERENCE_KEY.test(key) && referenceNoun(key, tool.name) === noun);
      if (!touches) continue;
      cues.push(tool.name, ...keys);
      idKey ??= keys.find((key) => REFERENCE_KEY.test(key) && key.toLowerCase() !== 'name' && referenceNoun(key, tool.name) === noun);
    }
    const context: RecordContext = {
      seed: this.seed,
      noun,
      idKey: preferredKey ?? idKey ?? 'id',
      cues: cues.join(' '),
      currency: this.currency,
    };
    this.contexts.set(cacheKey, context);
    return context;
  }

  /** The shape of new ids for this kind of entity (see `idFormatFor`). */
  idFormat(noun: string): IdFormat {
    let format = this.formats.get(noun);
    if (format === undefined) {
      format = idFormatFor(noun, this.knownIds, this.idKinds);
      this.formats.set(noun, format);
    }
    return format;
  }
}

const ID_SHAPE = /^#?([A-Za-z]{1,4})([-_]?)(\d{3,6})$/;

function formatOf(id: string): IdFormat | undefined {
  const match = ID_SHAPE.exec(id.trim());
  return match ? { prefix: match[1]!, separator: match[2]!, digits: match[3]!.length } : undefined;
}

/**
 * How new ids of a kind of entity are written, from the world's actual ids where they say: the first known id of
 * that kind (`kinds` learned TXN ids name transactions, so a transaction is `TXN-315625`-shaped), else the first
 * id the tool set or result examples show for it, else a known id whose prefix starts the noun and names no other
 * kind (`ORD-1042` for an order), else `<first three letters>-<5 digits>` (`REF` for a noun with no letters).
 * Ids are read in their given order, so the same world always gives the same format.
 */
export function idFormatFor(noun: string, knownIds: readonly string[], kinds?: IdKindNames): IdFormat {
  const ofKind = kinds?.idsOf(noun) ?? [];
  const prefixes = new Set(ofKind.map(idPrefix));
  const actual = [...knownIds.filter((id) => prefixes.has(idPrefix(id))), ...ofKind].map(formatOf).find((format) => format !== undefined);
  if (actual) return actual;
  const upper = noun.toUpperCase();
  for (const id of knownIds) {
    const format = formatOf(id);
    if (format === undefined || !upper.startsWith(format.prefix.toUpperCase())) continue;
    const named = kinds?.kindsOf(id) ?? [];
    if (named.length === 0 || named.includes(noun)) return format;
  }
  return { prefix: upper.replace(/[^A-Z]/g, '').slice(0, 3) || 'REF', separator: '-', digits: 5 };
}

export function drawId(format: IdFormat, faker: SeededFaker): string {
  return `${format.prefix}${format.separator}${faker.string.numeric({ length: format.digits, allowLeadingZeros: false })}`;
}

import type { ToolSpec } from '../../shared/domain';
import { KNOWN_ID_PATTERN } from '../spec/known-ids';
import type { ReferenceValue } from './references';
import { isIdParameter, REFERENCE_KEY, nameTokens, referenceNoun, singular } from './tool-names';

/** `ACC-2333`, `txn_125495`, `#ORD1042` -> ACC, TXN, ORD; anything else has no prefix to judge its kind by. */
const PREFIXED_ID = /^#?([A-Za-z]{1,4})[-_]?\d{3,6}$/;
const SENTENCE_END = /[.;!?](?:\s|$)/;

export function idPrefix(value: string): string | undefined {
  return PREFIXED_ID.exec(value.trim())?.[1]?.toUpperCase();
}

/**
 * Keys whose values name an entity with an id (not a file path or a display name): the section 8 reference keys,
 * and numbers that are ids (`flight_number`, not `phone_number`).
 */
export const isIdKey = (key: string): boolean => {
  const lower = key.toLowerCase();
  if (/_number$/.test(lower)) return isIdParameter(key);
  return REFERENCE_KEY.test(key) && lower !== 'name' && lower !== 'path' && lower !== 'file' && !lower.endsWith('_path');
};

/** How an id fits the kind of entity an argument asks for. */
export type IdFit = 'right' | 'wrong' | 'unknown';

export interface IdKindSources {
  tools: readonly ToolSpec[];
  /** The spec's `result_shapes`: `{transaction_id: "TXN-213286"}` says TXN ids are transactions. */
  result_shapes?: Readonly<Record<string, unknown>>;
}

/**
 * Which kind of entity each id prefix names (ACC -> account, TXN -> transaction), learned from the tool set: ids in
 * a parameter's description or a result example belong to that key's noun, and ids listed in a tool description
 * ("Payees on file: PAY-8006") to the noun written just before them. A prefix with no evidence names no kind.
 */
export class IdKinds {
  private readonly kindsOfPrefix = new Map<string, Set<string>>();
  private readonly prefixesOfKind = new Map<string, Set<string>>();
  private readonly idsOfKind = new Map<string, string[]>();

  constructor(sources: IdKindSources) {
    const nouns = new Set<string>();
    for (const tool of sources.tools) {
      walkParameters(tool.parameters, (key, schema) => {
        if (!isIdKey(key)) return;
        const noun = referenceNoun(key, tool.name);
        nouns.add(noun);
        for (const text of schemaTexts(schema)) for (const id of text.match(KNOWN_ID_PATTERN) ?? []) this.add(id, noun);
      });
    }
    for (const [tool, shape] of Object.entries(sources.result_shapes ?? {})) {
      walkValues(shape, undefined, (key, value, parent) => {
        if (!isIdKey(key) || typeof value !== 'string') return;
        // `transactions: [{id: "TXN-1"}]` or `payee: {id: "PAY-1"}`: a bare `id` is its parent's kind.
        const owner = key.toLowerCase() === 'id' && parent !== undefined ? nameTokens(parent).at(-1) : undefined;
        this.add(value, owner !== undefined ? singular(owner) : referenceNoun(key, tool));
      });
    }
    for (const tool of sources.tools) this.fromDescription(tool.description, nouns);
  }

  /**
   * True when the value is written like another kind's id: its prefix is known for other kinds only, and the kind
   * the argument asks for has ids of its own (so `account_id: "TXN-125495"` is wrong, while an account id, an
   * unprefixed id or a key whose kind has no known ids is judged by existence as before).
   */
  isWrongKind(reference: ReferenceValue, tool: string): boolean {
    return this.fit(reference, tool) === 'wrong';
  }

  /**
   * How an id fits the argument it is given as: `right` when its prefix is known for the kind the key names (an
   * ACC id as `account_id`), `wrong` as `isWrongKind`, `unknown` when nothing known says either way.
   */
  fit(reference: ReferenceValue, tool: string): IdFit {
    if (!isIdKey(reference.key)) return 'unknown';
    const prefix = idPrefix(reference.value);
    if (prefix === undefined) return 'unknown';
    const kinds = this.kindsOfPrefix.get(prefix);
    if (kinds === undefined) return 'unknown';
    const wanted = referenceNoun(reference.key, tool);
    if (kinds.has(wanted)) return 'right';
    return (this.prefixesOfKind.get(wanted)?.size ?? 0) > 0 ? 'wrong' : 'unknown';
  }

  /** The kinds of entity the id's prefix is known to name (none when its prefix is unknown or it has none). */
  kindsOf(id: string): readonly string[] {
    const prefix = idPrefix(id);
    return prefix === undefined ? [] : [...(this.kindsOfPrefix.get(prefix) ?? [])];
  }

  /** The ids seen for a kind of entity, in the order the tool set and result examples give them (none when unknown). */
  idsOf(noun: string): readonly string[] {
    return this.idsOfKind.get(noun) ?? [];
  }

  private add(id: string, noun: string): void {
    const prefix = idPrefix(id);
    if (prefix === undefined) return;
    if (!this.idsOfKind.has(noun)) this.idsOfKind.set(noun, []);
    const ids = this.idsOfKind.get(noun)!;
    if (!ids.includes(id)) ids.push(id);
    if (!this.kindsOfPrefix.has(prefix)) this.kindsOfPrefix.set(prefix, new Set());
    this.kindsOfPrefix.get(prefix)!.add(noun);
    if (!this.prefixesOfKind.has(noun)) this.prefixesOfKind.set(noun, new Set());
    this.prefixesOfKind.get(noun)!.add(prefix);
  }

  /** "Accounts on file: ACC-2333, ACC-9747." -> the noun closest before the first id of the sentence. */
  private fromDescription(description: string, nouns: ReadonlySet<string>): void {
    for (const sentence of description.split(SENTENCE_END)) {
      const ids = sentence.match(KNOWN_ID_PATTERN) ?? [];
      const first = ids[0];
      if (first === undefined) continue;
      const before = nameTokens(sentence.slice(0, sentence.indexOf(first))).map(singular);
      const noun = before.reverse().find((token) => nouns.has(token));
      if (noun !== undefined) for (const id of ids) this.add(id, noun);
    }
  }
}

/** What a new id's shape is read from: the ids each kind has, and the kinds an id's prefix names. */
export type IdKindNames = Pick<IdKinds, 'idsOf' | 'kindsOf'>;

const cache = new WeakMap<readonly ToolSpec[], { shapes: IdKindSources['result_shapes']; kinds: IdKinds }>();

/** One IdKinds per tool set and result examples (a run builds a world per rollout from the same spec). */
export function idKindsFor(sources: IdKindSources): IdKinds {
  const cached = cache.get(sources.tools);
  if (cached !== undefined && cached.shapes === sources.result_shapes) return cached.kinds;
  const kinds = new IdKinds(sources);
  cache.set(sources.tools, { shapes: sources.result_shapes, kinds });
  return kinds;
}

function walkParameters(schema: unknown, visit: (key: string, schema: unknown) => void): void {
  if (schema === null || typeof schema !== 'object') return;
  const properties = (schema as Record<string, unknown>).properties;
  if (properties === null || typeof properties !== 'object') return;
  for (const [key, child] of Object.entries(properties as Record<string, unknown>)) {
    visit(key, child);
    walkParameters(child, visit);
    walkParameters((child as Record<string, unknown> | null)?.items, visit);
  }
}

/** A parameter's own words: its description, examples, enum and default (not its children's). */
function schemaTexts(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const values = [
    node.description,
    node.default,
    ...(Array.isArray(node.examples) ? node.examples : []),
    ...(Array.isArray(node.enum) ? node.enum : []),
  ];
  return values.filter((value): value is string => typeof value === 'string');
}

function walkValues(
  value: unknown,
  parent: string | undefined,
  visit: (key: string, value: unknown, parent: string | undefined) => void,
): void {
  if (Array.isArray(value)) value.forEach((item) => walkValues(item, parent, visit));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      visit(key, child, parent);
      walkValues(child, key, visit);
    }
  }
}

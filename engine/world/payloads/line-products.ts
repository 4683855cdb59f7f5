import { hashInt } from '../../seeded';
import { entityKey } from '../references';
import { withFaker, type SeededFaker } from '../seeded-faker';
import type { Identity, Template } from './answer-shapes';
import { variantsOf, type Variant } from './product-variants';
import { jitterNumber, redrawDigits } from './template-fill';

/** How many products a kind of order line ranges over in a run: the known ones, then variants of the example's. */
const RANGE_SIZE = 12;
const NAME_KEY = /^(name|product_name|item_name|title)$/i;
const PRICE_KEY = /^(unit_price|price|unit_cost|cost)$/i;
/** Fields of a line that are the order's, not the product's: how many of it were bought. */
const LINE_KEY = /^(quantity|qty|units|count)$/i;

/** The products a kind of line names in a run: each id with the example line it is drawn from and its own name. */
interface ProductRange {
  ids: readonly string[];
  templates: ReadonlyMap<string, Template>;
  names: ReadonlyMap<string, string>;
  nameKey: string | undefined;
}

const ranges = new WeakMap<Template, Map<string, ProductRange>>();

const nameKeyOf = (line: Template) => Object.keys(line).find((key) => NAME_KEY.test(key) && typeof line[key] === 'string');
/** The example line as its variant: its name, and its prices moved by what the variant holds. */
function asVariant(line: Template, nameKey: string, variant: Variant): Template {
  const priced: Template = { ...line, [nameKey]: variant.name };
  for (const [key, value] of Object.entries(line)) {
    if (PRICE_KEY.test(key) && typeof value === 'number') priced[key] = Math.round(value * variant.priceFactor * 100) / 100;
  }
  return priced;
}

/** Kinds of id that name a thing sold: a coded line of another kind (a ticket, a booking) is not a product. */
const PRODUCT_KIND = /^(sku|product|item|article|part|asin|variant)s?$/i;

/** A line of something sold: priced, or coded as a product. A ticket's title is not a product name to vary. */
const isProductLine = (line: Template, identity: Identity) =>
  PRODUCT_KIND.test(identity.kind) || Object.keys(line).some((key) => PRICE_KEY.test(key) && typeof line[key] === 'number');

/**
 * The run's products of a kind: the known ids, the example's, then ids drawn in the example's shape from the kind
 * alone, up to RANGE_SIZE. A product the example shows keeps its name; any other takes a variant of the example line it
 * is drawn from (another colour, size or pack), the first one no other product of the range has.
 */
function productRange(identity: Identity, elements: readonly Template[], known: readonly string[]): ProductRange {
  const ids: string[] = [];
  const add = (id: string) => {
    if (!ids.some((other) => entityKey(other) === entityKey(id))) ids.push(id);
  };
  [...known, ...elements.map((line) => String(line[identity.key]))].forEach(add);
  const example = String(elements[0]![identity.key]);
  for (let draw = 0; ids.length < RANGE_SIZE && draw < RANGE_SIZE * 4; draw += 1) {
    add(withFaker(`product:${identity.kind}:${draw}`, (faker) => redrawDigits(example, faker)));
  }
  const nameKey = nameKeyOf(elements[0]!);
  const templates = new Map<string, Template>();
  const names = new Map<string, string>();
  const taken = new Set(nameKey === undefined ? [] : elements.map((line) => String(line[nameKey]).toLowerCase()));
  for (const id of ids) {
    const key = entityKey(id);
    const shown = elements.find((line) => entityKey(String(line[identity.key])) === key);
    const base = shown ?? elements[hashInt(`line:${key}`, elements.length)]!;
    templates.set(key, base);
    if (nameKey === undefined || typeof base[nameKey] !== 'string') continue;
    if (shown !== undefined) {
      names.set(key, String(base[nameKey]));
      continue;
    }
    const variants = variantsOf(String(base[nameKey]), true);
    const start = hashInt(`name:${key}`, variants.length);
    const variant = variants
      .map((_, step) => variants[(start + step) % variants.length]!)
      .find((each) => !taken.has(each.name.toLowerCase()));
    if (variant === undefined) continue;
    taken.add(variant.name.toLowerCase());
    names.set(key, variant.name);
    templates.set(key, asVariant(base, nameKey, variant));
  }
  return { ids, templates, names, nameKey };
}

function rangeFor(identity: Identity, elements: readonly Template[], known: readonly string[]): ProductRange {
  let byKind = ranges.get(elements[0]!);
  if (byKind === undefined) {
    byKind = new Map();
    ranges.set(elements[0]!, byKind);
  }
  const cacheKey = `${identity.kind}\u0000${identity.key}\u0000${known.join('\u0000')}`;
  let range = byKind.get(cacheKey);
  if (range === undefined) {
    range = productRange(identity, elements, known);
    byKind.set(cacheKey, range);
  }
  return range;
}

export interface LineProductRequest {
  /** The record the line belongs to (the order): its lines are products of the range in an order of its own. */
  ownerId: string;
  identity: Identity;
  elements: readonly Template[];
  /** The world's ids of the product's kind (`known_ids`, ids in tool descriptions). */
  known: readonly string[];
  index: number;
  /** The owner's draw: what only the line says (its quantity) comes from it. */
  faker: SeededFaker;
}

export interface LineProduct {
  id: string;
  /** The example line the product is drawn from. */
  template: Template;
  /** The product's own name, set on its record. */
  overrides: Record<string, string>;
  /** The line's fields that are the order's (its quantity). */
  line: Record<string, unknown>;
}

/**
 * The `index`-th line of an order that names a product (a line with a name or a price): a product of the run's
 * range, never one the order already holds, in an order hashed from the owner's id (the same order in every world).
 * Undefined for a line of anything else (a list of ticket ids).
 */
export function lineProduct(request: LineProductRequest): LineProduct | undefined {
  const { identity, elements, known, index, faker } = request;
  if (!isProductLine(elements[0]!, identity)) return undefined;
  const range = rangeFor(identity, elements, known);
  const owner = entityKey(request.ownerId);
  const picked = [...range.ids].sort(
    (left, right) => hashInt(`pick:${owner}:${entityKey(left)}`, 2 ** 31) - hashInt(`pick:${owner}:${entityKey(right)}`, 2 ** 31),
  );
  const id = picked[index % picked.length]!;
  const template = range.templates.get(entityKey(id))!;
  const name = range.names.get(entityKey(id));
  const line: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    if (LINE_KEY.test(key) && typeof value === 'number') line[key] = jitterNumber(value, faker);
  }
  return { id, template, overrides: name === undefined || range.nameKey === undefined ? {} : { [range.nameKey]: name }, line };
}

/** The names an order's uncoded lines range over in a run: the example's, then their variants, in turn. */
function namedRange(elements: readonly Template[], nameKey: string): { names: readonly string[]; templates: Map<string, Template> } {
  const templates = new Map<string, Template>();
  const add = (line: Template) => {
    const name = String(line[nameKey]);
    if (templates.size < RANGE_SIZE && !templates.has(name.toLowerCase())) templates.set(name.toLowerCase(), line);
  };
  elements.forEach(add);
  const variants = elements.map((line) => variantsOf(String(line[nameKey]), false));
  for (let step = 0; templates.size < RANGE_SIZE && variants.some((each) => step < each.length); step += 1) {
    variants.forEach((each, at) => each[step] !== undefined && add(asVariant(elements[at]!, nameKey, each[step]!)));
  }
  return { names: [...templates.values()].map((line) => String(line[nameKey])), templates };
}

/**
 * The `index`-th line of an order whose lines name things by name alone (a dish): one of the run's names, never one
 * the order already holds, at the price that name has everywhere; undefined for lines without a name and a price.
 */
export function namedLine(ownerId: string, elements: readonly Template[], index: number, faker: SeededFaker): Template | undefined {
  const nameKey = nameKeyOf(elements[0]!);
  if (nameKey === undefined || !Object.keys(elements[0]!).some((key) => PRICE_KEY.test(key))) return undefined;
  const { names, templates } = namedRange(elements, nameKey);
  const owner = entityKey(ownerId);
  const order = (name: string) => hashInt(`pick:${owner}:${name.toLowerCase()}`, 2 ** 31);
  const name = [...names].sort((left, right) => order(left) - order(right))[index % names.length]!;
  const template = templates.get(name.toLowerCase())!;
  const line: Template = {};
  for (const [key, value] of Object.entries(template)) {
    if (typeof value !== 'number') line[key] = value;
    else if (LINE_KEY.test(key)) line[key] = jitterNumber(value, faker);
    // A price moves a little, so a small portion stays cheaper than the regular one.
    else
      line[key] = withFaker(
        `product:${name.toLowerCase()}:${key}`,
        (draw) => Math.round(value * draw.number.float({ min: 0.92, max: 1.08 }) * 100) / 100,
      );
  }
  return line;
}

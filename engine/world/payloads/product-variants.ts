/** Real variants of a product named in an example: another colour, size or pack of the same thing. */

const COLOURS = [
  'navy',
  'charcoal',
  'olive',
  'black',
  'cream',
  'burgundy',
  'stone',
  'forest green',
  'rust',
  'sky blue',
  'heather grey',
  'sand',
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
/** Variants that hold more or less of the thing, and what they cost beside the example's one. */
const PACKS: ReadonlyArray<readonly [string, number]> = [
  ['2-pack', 1.9],
  ['3-pack', 2.7],
  ['set of 4', 3.5],
];
/** What a dish or a drink comes in: an order line without a product code is most often one. */
const PORTIONS: ReadonlyArray<readonly [string, number]> = [
  ['large', 1.3],
  ['small', 0.75],
  ['double portion', 1.8],
  ['family size', 2.5],
  ['half portion', 0.6],
];

/** A variant's name and its price beside the example's (a 2-pack costs about twice one). */
export interface Variant {
  name: string;
  priceFactor: number;
}

const isColour = (part: string) => COLOURS.includes(part.toLowerCase());
const isSize = (part: string) => SIZES.includes(part.toUpperCase());

/**
 * A product's variants, in a fixed order, the example's own name never among them. A name that
 * already says its colour or size ("Merino crew sweater, navy, M") varies those; a bare name of a coded product
 * ("Canvas tote bag") takes a colour or a pack, one without a code ("Fresh spring rolls") a portion.
 */
export function variantsOf(name: string, coded: boolean): Variant[] {
  const parts = name.split(/,\s*/);
  const colourAt = parts.findIndex(isColour);
  const sizeAt = parts.findIndex(isSize);
  if (colourAt === -1 && sizeAt === -1) {
    const extras = coded ? [...COLOURS.map((colour) => [colour, 1] as const), ...PACKS] : PORTIONS;
    return extras.map(([extra, priceFactor]) => ({ name: `${name}, ${extra}`, priceFactor }));
  }
  const colours = colourAt === -1 ? [undefined] : COLOURS;
  const sizes = sizeAt === -1 ? [undefined] : SIZES;
  const names: Variant[] = [];
  for (const size of sizes) {
    for (const colour of colours) {
      const next = [...parts];
      if (colour !== undefined) next[colourAt] = colour;
      if (size !== undefined) next[sizeAt] = size;
      const variant = next.join(', ');
      if (variant !== name) names.push({ name: variant, priceFactor: 1 });
    }
  }
  return names;
}

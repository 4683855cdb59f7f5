// Random inputs for a contract method, read off its zod schema: mostly valid values (so calls reach the services),
// with a share broken at every level (wrong types, values out of range, missing and unknown keys), plus values a
// test pins by field name (ids that exist, folders under a temp dir, judges that run nothing dangerous).
import fc from 'fast-check';
import type { z } from 'zod';

/** What the generator needs to know beyond the schema. */
export interface FuzzHints {
  /** Strings worth trying wherever a string goes: ids that exist, so calls get past NOT_FOUND. */
  ids: readonly string[];
  /**
   * Values for an object key, whatever its schema (paths inside a temp folder, safe judges, file texts...): keyed by
   * `parent.key` (the key of the object holding it, then its own) or by the bare key.
   */
  fields: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/** Shares of generated values that are broken on purpose, at each level. */
const BROKEN_WEIGHT = 1;
const VALID_WEIGHT = 12;
/** Numbers stay near their minimum, so budgets and limits stay small enough to run. */
const NUMBER_SPAN = 40;

interface Def {
  type: string;
  [key: string]: unknown;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

/** A value of the wrong kind for any schema. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, '', 0, -1, 1e308, Number.NaN, true, [], {}, '\u0000', '../..', 'a'.repeat(5000)),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const isIdKey = (key: string | undefined) => key !== undefined && /(^|_)ids?$/.test(key);

function strings(def: Def, hints: FuzzHints, key: string | undefined): fc.Arbitrary<string> {
  let min = 0;
  let max = 200;
  let pattern: RegExp | undefined;
  let url = false;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum ?? min;
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    if (check.check === 'string_format' && check.format === 'regex' && check.pattern) pattern = check.pattern;
    if (check.check === 'string_format' && check.format === 'url') url = true;
  }
  if (url) return fc.constantFrom('http://127.0.0.1:9/', 'https://example.invalid/', 'file:///etc/passwd', 'not a url');
  const fitting = fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) });
  const shaped = pattern
    ? fc.oneof(
        fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max),
        fitting,
      )
    : fitting;
  const ids = fc.constantFrom(...(hints.ids.length > 0 ? hints.ids : ['x']));
  return fc.oneof({ weight: isIdKey(key) ? 8 : 2, arbitrary: ids }, { weight: 2, arbitrary: shaped });
}

function numbers(def: Def): fc.Arbitrary<number> {
  let min: number | undefined;
  let max: number | undefined;
  let isInteger = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = Number(check.value) + (check.inclusive ? 0 : 1e-9);
    if (check.check === 'less_than') max = Number(check.value) - (check.inclusive ? 0 : 1e-9);
    if (check.check === 'number_format') isInteger = true;
  }
  const low = min ?? Math.min(0, max ?? 0) - NUMBER_SPAN / 2;
  const high = Math.min(max ?? Number.POSITIVE_INFINITY, low + NUMBER_SPAN);
  const near = isInteger
    ? fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) })
    : fc.double({ min: low, max: high, noNaN: true });
  const edges = [min, max, min === undefined ? -1 : min - 1, max === undefined ? 1e12 : max + 1, 0.5].filter(
    (edge): edge is number => edge !== undefined,
  );
  return fc.oneof({ weight: 4, arbitrary: near }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/** How a value is made: `clean` values follow the schema (so calls reach the services), `noisy` ones break anywhere. */
type Noise = 'clean' | 'noisy';

/** A value for `schema` found under `key` (the object key, for the pinned fields). */
function valueFor(
  schema: unknown,
  hints: FuzzHints,
  key: string | undefined,
  depth: number,
  noise: Noise,
  parent?: string,
): fc.Arbitrary<unknown> {
  const pinned = key === undefined ? undefined : (hints.fields[`${parent}.${key}`] ?? hints.fields[key]);
  if (pinned) return pinned;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return strings(def, hints, key);
    case 'number':
      return numbers(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'never':
      return fc.constant(undefined);
    case 'optional':
      return fc.oneof(fc.constant(undefined), maybeBroken(def.innerType, hints, key, depth, noise, parent));
    case 'default':
      return fc.oneof(fc.constant(undefined), maybeBroken(def.innerType, hints, key, depth, noise, parent));
    case 'nullable':
      return fc.oneof(fc.constant(null), maybeBroken(def.innerType, hints, key, depth, noise, parent));
    case 'array': {
      let min = 0;
      let max = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') min = check.minimum ?? min;
        if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
      }
      return fc.array(maybeBroken(def.element, hints, key, depth + 1, noise), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'object':
      return objects(def, hints, depth, noise, key);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => maybeBroken(option, hints, key, depth, noise, parent)));
    case 'record':
      return fc.dictionary(
        valueFor(def.keyType, hints, undefined, depth + 1, noise).map(String),
        maybeBroken(def.valueType, hints, key, depth + 1, noise),
        { maxKeys: 3 },
      );
    case 'pipe':
      return valueFor(def.in, hints, key, depth, noise, parent);
    case 'lazy':
      return depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : valueFor((def.getter as () => unknown)(), hints, key, depth + 1, noise);
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => maybeBroken(item, hints, key, depth + 1, noise)));
    default:
      return junk;
  }
}

function objects(def: Def, hints: FuzzHints, depth: number, noise: Noise, key: string | undefined): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, unknown>;
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, field] of Object.entries(shape)) parts[name] = maybeBroken(field, hints, name, depth + 1, noise, key);
  const complete = fc.record(parts).map(dropUndefined);
  if (noise === 'clean') return complete;
  return fc.oneof(
    { weight: 6, arbitrary: complete },
    // A required key missing, or a key the contract does not know.
    {
      weight: 1,
      arbitrary: fc
        .tuple(complete, fc.constantFrom(...Object.keys(shape), 'colour'))
        .map(([value, drop]) => dropUndefined({ ...value, [drop]: drop === 'colour' ? 'red' : undefined })),
    },
  );
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}

function maybeBroken(
  schema: unknown,
  hints: FuzzHints,
  key: string | undefined,
  depth: number,
  noise: Noise,
  parent?: string,
): fc.Arbitrary<unknown> {
  if (depth > 8) return noise === 'clean' ? fc.constant(undefined) : junk;
  const value = valueFor(schema, hints, key, depth, noise, parent);
  return noise === 'clean' ? value : fc.oneof({ weight: VALID_WEIGHT, arbitrary: value }, { weight: BROKEN_WEIGHT, arbitrary: junk });
}

/** Inputs for one method: values that follow its input schema, values broken at some level, or any JSON at all. */
export function inputArbitrary(schema: z.ZodType, hints: FuzzHints): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: valueFor(schema, hints, undefined, 0, 'clean') },
    { weight: 4, arbitrary: valueFor(schema, hints, undefined, 0, 'noisy') },
    { weight: 1, arbitrary: junk },
  );
}

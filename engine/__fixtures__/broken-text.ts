// Inputs a file importer meets in the wild, for the fuzz tests beside each importer: truncated and spliced files,
// stray bytes, other encodings, empty and whitespace-only files, random text and random JSON. Pure (no Node), so it
// serves engine tests outside `node/` folders too.
import fc from 'fast-check';

/** How many cases each fuzz property runs: a few hundred in CI, many more with WHILE_LONG=1 (set by the reliability script). */
export const FUZZ_RUNS = readLongRuns();

function readLongRuns(): number {
  const environment = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const runs = Number(environment.WHILE_FUZZ_RUNS);
  if (Number.isInteger(runs) && runs > 0) return runs;
  return environment.WHILE_LONG === '1' ? 5000 : 300;
}

/** The seed at CI settings: the same cases on every run, so a red CI is a change's doing, not the dice's. */
const CI_FUZZ_SEED = 20_261_130;

/**
 * fast-check's parameters: `share` of FUZZ_RUNS cases (for properties whose cases are slow), and the seed:
 * WHILE_FUZZ_SEED when set (to replay a failure; fast-check prints the seed of every failure), fresh cases in long
 * mode, else the fixed CI seed.
 */
export function fuzzParameters(share = 1): { numRuns: number; seed?: number } {
  const environment = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const numRuns = Math.max(10, Math.round(FUZZ_RUNS * share));
  const seed = Number(environment.WHILE_FUZZ_SEED);
  if (environment.WHILE_FUZZ_SEED !== undefined && Number.isInteger(seed)) return { numRuns, seed };
  return environment.WHILE_LONG === '1' ? { numRuns } : { numRuns, seed: CI_FUZZ_SEED };
}

const REPLACEMENT = '\uFFFD';

/** A byte as a UTF-8 reader shows it when it stands alone: ASCII as itself, anything else as U+FFFD. */
const byteAsUtf8 = (byte: number): string => (byte < 0x80 ? String.fromCharCode(byte) : REPLACEMENT);

/**
 * What `readFile(path, 'utf8')` makes of `text` saved as UTF-16 with a byte-order mark: the mark's two bytes become
 * U+FFFD and every ASCII character gains a NUL beside it. (Multi-byte sequences formed by chance are ignored.)
 */
export function readAsUtf8FromUtf16(text: string, endian: 'le' | 'be'): string {
  let out = REPLACEMENT + REPLACEMENT;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const low = byteAsUtf8(unit & 0xff);
    const high = byteAsUtf8(unit >> 8);
    out += endian === 'le' ? low + high : high + low;
  }
  return out;
}

/** What a UTF-8 reader makes of `text` saved as latin-1 (Windows-1252's cousin): every accented letter becomes U+FFFD. */
export function readAsUtf8FromLatin1(text: string): string {
  let out = '';
  for (const char of text) out += char.charCodeAt(0) < 0x80 ? char : REPLACEMENT;
  return out;
}

/** Characters that break parsers: quotes, brackets, separators, line ends, NUL, U+FFFD, a lone surrogate, a BOM. */
const NASTY = [
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\\',
  '\u0000',
  REPLACEMENT,
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '#',
  '-',
  '|',
  '>',
  '&',
  '*',
  '!',
  '%',
  '@',
  '`',
  'null',
  'NaN',
  '1e999',
  '-0',
];

const nasty = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }));

export interface BrokenText {
  /** What was done to the text, for the failure message. */
  how: string;
  text: string;
}

/** One way of breaking `sample`. */
function breakSample(sample: string): fc.Arbitrary<BrokenText> {
  const position = fc.nat({ max: Math.max(0, sample.length) });
  return fc.oneof(
    position.map((at) => ({ how: `cut off at ${at}`, text: sample.slice(0, at) })),
    fc.tuple(position, position).map(([a, b]) => ({
      how: `slice ${Math.min(a, b)}..${Math.max(a, b)} removed`,
      text: sample.slice(0, Math.min(a, b)) + sample.slice(Math.max(a, b)),
    })),
    fc.tuple(position, nasty).map(([at, insert]) => ({
      how: `${JSON.stringify(insert)} inserted at ${at}`,
      text: sample.slice(0, at) + insert + sample.slice(at),
    })),
    fc.tuple(position, nasty).map(([at, replace]) => ({
      how: `char ${at} replaced by ${JSON.stringify(replace)}`,
      text: sample.slice(0, at) + replace + sample.slice(at + 1),
    })),
    fc.array(fc.tuple(position, nasty), { minLength: 2, maxLength: 6 }).map((edits) => ({
      how: `${edits.length} insertions`,
      text: edits.reduce((text, [at, insert]) => text.slice(0, at) + insert + text.slice(at), sample),
    })),
    fc.constant({ how: 'UTF-8 with a byte-order mark', text: `\uFEFF${sample}` }),
    fc.constant({ how: 'UTF-16 LE read as UTF-8', text: readAsUtf8FromUtf16(sample, 'le') }),
    fc.constant({ how: 'UTF-16 BE read as UTF-8', text: readAsUtf8FromUtf16(sample, 'be') }),
    fc.constant({ how: 'latin-1 read as UTF-8', text: readAsUtf8FromLatin1(sample) }),
    fc.constant({ how: 'CRLF line ends', text: sample.replace(/\n/g, '\r\n') }),
    fc.constant({ how: 'CR line ends', text: sample.replace(/\n/g, '\r') }),
    fc.constant({
      how: 'lines doubled',
      text: sample
        .split('\n')
        .flatMap((line) => [line, line])
        .join('\n'),
    }),
    fc.constant({ how: 'lines reversed', text: sample.split('\n').reverse().join('\n') }),
  );
}

/**
 * Broken versions of the valid samples (most cases), plus empty, whitespace-only, random text and random JSON.
 * Nesting stays modest: a deeply nested document is its own case (see the reliability tests), because V8 can abort
 * the whole process when a parser's stack overflow meets a regular expression's compilation.
 */
export function brokenText(samples: readonly string[]): fc.Arbitrary<BrokenText> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...samples).chain(breakSample) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BrokenText>(
        { how: 'empty', text: '' },
        { how: 'blank', text: ' \n\t\r\n  ' },
        { how: 'one BOM', text: '\uFEFF' },
        { how: 'NULs', text: '\u0000'.repeat(64) },
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 300 }).map((text) => ({ how: 'random text', text })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map((text) => ({ how: 'random unicode', text })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ how: 'random JSON', text: JSON.stringify(value) ?? 'null' })) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 })
        .map((values) => ({ how: 'random JSON lines', text: values.map((value) => JSON.stringify(value)).join('\n') })),
    },
  );
}

/** A JSON value with one part replaced by random JSON or removed: valid syntax, wrong content. */
export function mutatedJson(value: unknown): fc.Arbitrary<{ how: string; value: unknown }> {
  const paths = jsonPaths(value);
  return fc
    .tuple(fc.constantFrom(...paths), fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 3 })))
    .map(([path, replacement]) => ({
      how:
        `${path.length === 0 ? '(root)' : path.join('.')} ` +
        `${replacement === undefined ? 'removed' : `set to ${JSON.stringify(replacement)}`}`,
      value: replaceAt(value, path, replacement),
    }));
}

type Path = (string | number)[];

function jsonPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (out.length > 400) return out;
  if (Array.isArray(value)) value.forEach((item, index) => jsonPaths(item, [...prefix, index], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) jsonPaths(item, [...prefix, key], out);
  return out;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement === undefined ? null : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = head as number;
    if (rest.length > 0) copy[index] = replaceAt(copy[index], rest, replacement);
    else if (replacement === undefined) copy.splice(index, 1);
    else copy[index] = replacement;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const key = head as string;
  if (rest.length > 0) copy[key] = replaceAt(copy[key], rest, replacement);
  else if (replacement === undefined) delete copy[key];
  else copy[key] = replacement;
  return copy;
}

/** Runs `parse` and says how long it took; the fuzz properties bound it, so a hang fails instead of stalling CI. */
export function timed<T>(parse: () => T): { ms: number; value?: T; error?: unknown } {
  // Wall clock only measures the test itself; nothing here feeds an engine decision.
  const started = Date.now();
  try {
    const value = parse();
    return { ms: Date.now() - started, value };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

/** Most a single parse of a fuzz case (at most a few KB) may take, in ms: generous, as CI machines are shared. */
export const CASE_MS = 2000;

/** The most lines a reader can count in `text`, however its lines end. */
export const maxLine = (text: string): number => text.split(/\r\n|\r|\n/).length;

/** A line error as the line readers report it: a line inside the file and a message; a field, when named, not blank. */
export interface ReportedLineError {
  line: number;
  field?: string;
  message: string;
}

/** Why `error` is not a usable line error of `text`, or null when it is one. */
export function lineErrorProblem(error: ReportedLineError, text: string): string | null {
  if (!Number.isInteger(error.line) || error.line < 1 || error.line > maxLine(text))
    return `line ${error.line} is not a line of the file (${maxLine(text)} lines)`;
  if (typeof error.message !== 'string' || error.message.trim() === '') return `line ${error.line} has no message`;
  if (error.field !== undefined && error.field.trim() === '') return `line ${error.line} names a blank field`;
  return null;
}

/**
 * A line no line reader can take: random text that is not blank, not JSON's `{`/`[` opening, not a comment, and holds
 * no `:` or `,` (so no PICT axis and no CSV row either).
 */
export const junkLine: fc.Arbitrary<string> = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((text) => text.replace(/[\r\n\u2028\u2029\u0085:,]/g, ' '))
  .filter((text) => text.trim() !== '' && !/^\s*[{[#"]/.test(text) && !/^\s*(true|false|null|-?\d)/.test(text));

/** `lines` with `junk` inserted before line `at` (0-based; `lines.length` appends): the junk is then line `at + 1`. */
export function withJunkAt(lines: readonly string[], at: number, junk: string): string {
  return [...lines.slice(0, at), junk, ...lines.slice(at)].join('\n');
}

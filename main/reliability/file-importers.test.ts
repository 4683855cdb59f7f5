// Every file the CLI reads, fed as other programs save it: each encoding of encodings.ts (UTF-16 both ways, latin-1,
// a byte-order mark, stray bytes, a character cut in half, empty), other line ends, a line broken on purpose, and a
// huge file with one bad line near its end. Each import either reads the file or refuses it naming the file, and,
// where a line is at fault, that line; never a stack trace, never a hang. The commands run in this process (the same
// code `wai` runs), so the matrix stays fast.
import Database from 'better-sqlite3';
import { Command } from 'commander';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { draftSpec } from '../../engine/index';
import { registerAgreementCommand } from '../cli/commands/agreement-command';
import { registerDecontaminateCommand } from '../cli/commands/decontaminate-command';
import { registerLabelsCommand } from '../cli/commands/labels-command';
import { registerPairwiseCommand } from '../cli/commands/pairwise-command';
import { registerProveCommand } from '../cli/commands/prove-command';
import { registerSimulateCommand } from '../cli/commands/simulate-command';
import { registerTracesCommand } from '../cli/commands/traces-command';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { DATABASE_FILE } from '../store/database';
import { seedExportRun } from '../test-support/export-run';
import { encodings } from './encodings';

const HUGE_LINES = 20_000;

/** A normal file's import, and a huge one's, may take at most this long on a loaded machine. */
const CASE_MS = 10_000;
const HUGE_MS = 30_000;

let root: string;
let dataDir: string;
let rowIds: string[];
let runId: string;
/** Written once: the good side of commands that read two files. */
let goodProve: string;
let goodEval: string;

interface Importer {
  name: string;
  extension: string;
  /** A good file's text; several lines, one with an accent (so latin-1 changes it). */
  sample: () => string;
  /** The sample with line `line` (1-based) broken in a way the importer reports by line. */
  breakLine: (text: string, line: number) => string;
  /** Huge and good: `lines` lines. */
  huge: (lines: number) => string;
  args: (file: string) => string[];
  /** Whether the refusal names lines as `FILE:N` (else `line N`). */
  linesAs: 'file:line' | 'line N';
}

const jsonLines = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join('\n');
const replaceLine = (text: string, line: number, replacement: string) =>
  text
    .split('\n')
    .map((current, index) => (index === line - 1 ? replacement : current))
    .join('\n');

const IMPORTERS: Importer[] = [
  {
    name: 'labels (JSONL)',
    extension: 'jsonl',
    sample: () =>
      jsonLines(
        rowIds.slice(0, 4).map((id, index) => ({ row_id: id, label: index % 2 ? 'fail' : 'pass', author: 'Zoë', note: 'café: checked' })),
      ),
    breakLine: (text, line) => replaceLine(text, line, '{"row_id": "half'),
    huge: (lines) =>
      jsonLines(Array.from({ length: lines }, (_, index) => ({ row_id: rowIds[index % rowIds.length], label: 'pass', author: 'ana' }))),
    args: (file) => ['labels', 'import', runId, file],
    linesAs: 'line N',
  },
  {
    name: 'labels (CSV)',
    extension: 'csv',
    sample: () =>
      [
        'row_id,label,author,note',
        ...rowIds.slice(0, 4).map((id, index) => `${id},${index % 2 ? 'fail' : 'pass'},Zoë,"café, checked"`),
      ].join('\n'),
    breakLine: (text, line) => replaceLine(text, line, `${rowIds[0]},maybe,ana,`),
    huge: (lines) =>
      ['row_id,label,author', ...Array.from({ length: lines - 1 }, (_, index) => `${rowIds[index % rowIds.length]},fail,ana`)].join('\n'),
    args: (file) => ['labels', 'import', runId, file],
    linesAs: 'line N',
  },
  {
    name: 'traces (JSONL)',
    extension: 'jsonl',
    sample: () =>
      readFileSync(new URL('../../engine/traces/__fixtures__/traces.jsonl', import.meta.url), 'utf8')
        .trim()
        .replace('Cancel order', 'Annulez la commande (café)'),
    breakLine: (text, line) => replaceLine(text, line, '{"prompt": "half'),
    huge: (lines) => {
      const first = readFileSync(new URL('../../engine/traces/__fixtures__/traces.jsonl', import.meta.url), 'utf8').split('\n')[0]!;
      return Array.from({ length: lines }, () => first).join('\n');
    },
    args: (file) => ['traces', 'import', file],
    linesAs: 'file:line',
  },
  {
    name: 'prove results',
    extension: 'jsonl',
    sample: () =>
      jsonLines([
        { task_id: 'remboursé-1', category: 'refunds', pass: 1 },
        { task_id: 'cancel-2', category: 'cancellations', pass: 0 },
        { task_id: 'cancel-3', category: 'cancellations', reward: 0.75 },
      ]),
    breakLine: (text, line) => replaceLine(text, line, '{"task_id": 7, "pass": "yes"'),
    huge: (lines) =>
      jsonLines(
        Array.from({ length: lines }, (_, index) => ({
          task_id: `t-${index % 500}`,
          category: index % 3 ? 'refunds' : 'cancellations',
          pass: index % 2,
          eval_run: Math.floor(index / 500),
        })),
      ),
    args: (file) => ['prove', '--before', goodProve, '--after', file],
    linesAs: 'file:line',
  },
  {
    name: 'agreement pairs',
    extension: 'jsonl',
    sample: () =>
      jsonLines([
        { id: 'a:0', judge: 'pass', gold: 'pass', gold_kind: 'human', author: 'Zoë' },
        { id: 'a:1', judge: 0.2, gold: 'fail', gold_kind: 'human', author: 'Zoë' },
        { id: 'a:2', judge: 'fail', gold: 'pass', gold_kind: 'human', author: 'Zoë' },
      ]),
    breakLine: (text, line) => replaceLine(text, line, '{"id": "a:9", "judge": "perhaps"}'),
    huge: (lines) =>
      jsonLines(
        Array.from({ length: lines }, (_, index) => ({
          id: `a:${index}`,
          judge: index % 3 ? 'pass' : 'fail',
          gold: index % 2 ? 'pass' : 'fail',
          gold_kind: 'human',
          author: 'ana',
        })),
      ),
    args: (file) => ['agreement', file],
    linesAs: 'file:line',
  },
  {
    name: 'pairwise model',
    extension: 'txt',
    sample: () =>
      [
        '# modèle',
        'Tool: get_order, refund_order, cancel_order',
        'Stance: ordinary, hurried, adversarial',
        'World: présent, missing',
        '',
      ].join('\n'),
    breakLine: (text, line) => replaceLine(text, line, 'Tool get_order refund_order'),
    huge: (lines) =>
      [
        '# many comment lines, then six axes',
        ...Array.from({ length: lines - 7 }, (_, index) => `# note ${index}`),
        ...Array.from({ length: 6 }, (_, axis) => `A${axis}: ${Array.from({ length: 5 }, (_, value) => `v${value}`).join(', ')}`),
      ].join('\n'),
    args: (file) => ['pairwise', file],
    linesAs: 'file:line',
  },
  {
    name: 'decontamination rows',
    extension: 'jsonl',
    sample: () =>
      jsonLines([
        { id: 'r-1', prompt: 'Où est mon remboursement ? (café)' },
        { messages: [{ role: 'user', content: 'Cancel order A1004 please' }] },
        { id: 'r-3', task_id: 'gsm-1', prompt: 'A train leaves at noon.' },
      ]),
    breakLine: (text, line) => replaceLine(text, line, '{"prompt": '),
    huge: (lines) =>
      jsonLines(Array.from({ length: lines }, (_, index) => ({ id: `r-${index}`, prompt: `question ${index} about refunds and trains` }))),
    args: (file) => ['decontaminate', file, '--against', goodEval, '--out', join(root, 'out', `${basename(file)}.kept.jsonl`)],
    linesAs: 'file:line',
  },
  {
    name: 'decontamination evaluation set',
    extension: 'jsonl',
    sample: () =>
      jsonLines([
        { id: 'e-1', prompt: 'Combien coûte un café ?' },
        { id: 'e-2', task_id: 'gsm-1', prompt: 'A train leaves at noon.' },
      ]),
    breakLine: (text, line) => replaceLine(text, line, '[1, 2'),
    huge: (lines) => jsonLines(Array.from({ length: lines }, (_, index) => ({ id: `e-${index}`, prompt: `evaluation prompt ${index}` }))),
    args: (file) => ['decontaminate', goodEval, '--against', file, '--out', join(root, 'out', `${basename(file)}.kept.jsonl`)],
    linesAs: 'file:line',
  },
  {
    name: 'spec (YAML)',
    extension: 'yaml',
    sample: () =>
      stringify({
        ...draftSpec('a personal finance assistant that confirms before it moves money', { seed: 3 }).spec,
        name: 'Épargne assistant',
      }),
    breakLine: (text, line) => replaceLine(text, line, '\tindented: with a tab'),
    huge: (lines) => {
      const spec = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 3 }).spec;
      const text = stringify(spec);
      const comments = Array.from({ length: Math.max(0, lines - text.split('\n').length) }, (_, index) => `# comment ${index}`);
      return `${text}${comments.join('\n')}`;
    },
    args: (file) => ['simulate', '--spec', file, '--rows', '2'],
    linesAs: 'file:line',
  },
];

function program(): Command {
  const wai = new Command('wai').option('--data-dir <dir>').enablePositionalOptions().exitOverride();
  for (const register of [
    registerSimulateCommand,
    registerLabelsCommand,
    registerTracesCommand,
    registerProveCommand,
    registerAgreementCommand,
    registerPairwiseCommand,
    registerDecontaminateCommand,
  ])
    register(wai);
  return wai;
}

interface Outcome {
  isOk: boolean;
  /** Everything it printed, and the message `wai` prints for an error it throws. */
  output: string;
  ms: number;
}

/** `wai --data-dir DIR ...args` in this process: what it printed and whether it failed (a throw or a non-zero exit code). */
async function wai(args: string[]): Promise<Outcome> {
  const printed: string[] = [];
  const capture = (chunk: unknown) => {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  const started = Date.now();
  let isOk: boolean;
  try {
    await program().parseAsync(['--data-dir', dataDir, ...args], { from: 'user' });
    isOk = !process.exitCode;
  } catch (error) {
    isOk = false;
    printed.push(`wai: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = exitCode;
  }
  return { isOk, output: printed.join(''), ms: Date.now() - started };
}

/** Why a refusal does not name the file (and the line, when `line` is given), or null. */
function namingProblem(importer: Importer, file: string, outcome: Outcome, line?: number): string | null {
  if (!outcome.output.includes(file) && !outcome.output.includes(basename(file))) return `names neither ${file} nor ${basename(file)}`;
  if (/\n\s+at .+:\d+:\d+\)?\n/.test(outcome.output)) return 'prints a stack trace';
  if (line === undefined) return null;
  const named = importer.linesAs === 'line N' ? [`line ${line}`] : [`${file}:${line}`, `${basename(file)}:${line}`, `line ${line}`];
  return named.some((text) => outcome.output.includes(text)) ? null : `does not name line ${line}`;
}

/** Encodings no importer may read: each would turn letters into U+FFFD (or NULs) without a word. */
const WRONG_ENCODINGS = new Set(['utf-16le', 'utf-16be', 'latin-1', 'invalid-utf-8', 'cut-mid-character']);

/** The 1-based line of the first byte a strict UTF-8 reader stops at, found without the code under test. */
function firstBadLine(encoding: string, text: string): number | null {
  if (encoding === 'latin-1') return text.split('\n').findIndex((line) => /[\u0080-\uffff]/.test(line)) + 1;
  if (encoding === 'invalid-utf-8') {
    const utf8 = Buffer.from(text, 'utf8');
    return utf8
      .subarray(0, Math.floor(utf8.length / 2))
      .toString('latin1')
      .split('\n').length;
  }
  if (encoding === 'cut-mid-character') return text.split('\n').length;
  return null;
}

/** Why a wrong-encoding refusal does not say what is wrong with the file, or null. */
function encodingProblem(importer: Importer, encoding: string, file: string, text: string, outcome: Outcome): string | null {
  if (outcome.isOk) return `read a ${encoding} file as UTF-8: ${JSON.stringify(outcome.output.slice(0, 200))}`;
  const said = encoding.startsWith('utf-16') ? 'is UTF-16' : 'not UTF-8';
  if (!outcome.output.includes(said)) return `does not say the file ${said}: ${JSON.stringify(outcome.output.slice(0, 300))}`;
  if (!outcome.output.includes('save the file as UTF-8')) return 'does not say how to fix it';
  const line = firstBadLine(encoding, text);
  return namingProblem({ ...importer, linesAs: 'line N' }, file, outcome, line ?? undefined);
}

/**
 * What every table holds, cheaply: its record count and highest rowid (an import appends; it never rewrites). Cheap
 * enough to take around each refused import, whatever earlier cases stored.
 */
function storedNow(): string {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE '%WITHOUT ROWID%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return JSON.stringify(tables.map((table) => [table, db.prepare(`SELECT COUNT(*), MAX(rowid) FROM "${table}"`).raw().get()]));
  } finally {
    db.close();
  }
}

/** Why the outcome of an empty file is silent or nameless, or null. */
function emptyProblem(importer: Importer, file: string, outcome: Outcome): string | null {
  if (!outcome.isOk) return namingProblem(importer, file, outcome);
  return /no rows|no labels|nothing|empty|holds no/i.test(outcome.output)
    ? null
    : `read an empty file without a word: ${JSON.stringify(outcome.output.slice(0, 200))}`;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'while-file-importers-'));
  dataDir = join(root, 'data');
  mkdirSync(join(root, 'out'));
  const context = createAppContext({ dataDir, mode: 'cli' });
  try {
    const seeded = await seedExportRun(context, { budget: 12 });
    runId = seeded.run_id;
    rowIds = (context.db.prepare('SELECT id FROM rows WHERE run_id = ? ORDER BY ordinal').all(runId) as { id: string }[]).map(
      (row) => row.id,
    );
  } finally {
    await closeAppContext(context);
  }
  goodProve = join(root, 'good-before.jsonl');
  writeFileSync(
    goodProve,
    jsonLines([
      { task_id: 'remboursé-1', category: 'refunds', pass: 0 },
      { task_id: 'cancel-2', category: 'cancellations', pass: 1 },
    ]),
  );
  goodEval = join(root, 'good-eval.jsonl');
  writeFileSync(goodEval, jsonLines([{ id: 'e-1', prompt: 'How much is a coffee?' }]));
}, 60_000);

afterAll(() => {
  process.stdout.write(`${log.join('\n')}\n`);
});

const log: string[] = [];

describe.each(IMPORTERS)('$name files', (importer) => {
  const write = (name: string, bytes: Buffer | string) => {
    const path = join(root, `${importer.name.replace(/\W+/g, '-')}.${name}.${importer.extension}`);
    writeFileSync(path, bytes);
    return path;
  };

  it('reads the good file, and every other encoding either reads or is refused naming the file', async () => {
    const tally: string[] = [];
    for (const { encoding, bytes } of encodings(importer.sample())) {
      const file = write(encoding, bytes);
      const outcome = await wai(importer.args(file));
      expect(outcome.ms, `${encoding}: ${outcome.output}`).toBeLessThan(CASE_MS);
      if (encoding === 'utf-8' || encoding === 'utf-8-bom') expect(outcome.isOk, `${encoding}: ${outcome.output}`).toBe(true);
      // An empty file is refused naming it, or read with a word that there was nothing in it: never silently.
      const problem =
        encoding === 'empty' ? emptyProblem(importer, file, outcome) : outcome.isOk ? null : namingProblem(importer, file, outcome);
      expect(problem, `${encoding}: ${outcome.output}`).toBeNull();
      if (WRONG_ENCODINGS.has(encoding))
        expect(encodingProblem(importer, encoding, file, importer.sample(), outcome), `${encoding}: ${outcome.output}`).toBeNull();
      tally.push(`${encoding} ${outcome.isOk ? 'read' : 'refused'}`);
    }
    for (const [ending, text] of [
      ['CRLF', importer.sample().replace(/\n/g, '\r\n')],
      ['CR', importer.sample().replace(/\n/g, '\r')],
    ] as const) {
      const file = write(ending, text);
      const outcome = await wai(importer.args(file));
      if (ending === 'CRLF') expect(outcome.isOk, `CRLF line ends: ${outcome.output}`).toBe(true);
      if (!outcome.isOk) expect(namingProblem(importer, file, outcome), `${ending}: ${outcome.output}`).toBeNull();
      tally.push(`${ending} ${outcome.isOk ? 'read' : 'refused'}`);
    }
    log.push(`${importer.name}: ${tally.join(', ')}`);
  }, 60_000);

  it('refuses every wrong encoding before it stores anything', async () => {
    for (const { encoding, bytes } of encodings(importer.sample()).filter(({ encoding }) => WRONG_ENCODINGS.has(encoding))) {
      const file = write(`stored-${encoding}`, bytes);
      const before = storedNow();
      const outcome = await wai(importer.args(file));
      expect(outcome.isOk, `${encoding}: ${outcome.output}`).toBe(false);
      expect(storedNow(), `${encoding}: the store changed`).toBe(before);
    }
  }, 60_000);

  it('refuses a file with one broken line, naming the file and that line', async () => {
    const lines = importer.sample().split('\n').length;
    for (const line of [...new Set([2, lines - (importer.sample().endsWith('\n') ? 1 : 0)])]) {
      const file = write(`broken-${line}`, importer.breakLine(importer.sample(), line));
      const outcome = await wai(importer.args(file));
      expect(outcome.isOk, `line ${line} broken: ${outcome.output}`).toBe(false);
      expect(namingProblem(importer, file, outcome, line), outcome.output).toBeNull();
    }
  }, 60_000);

  it(
    `reads a huge file (${HUGE_LINES.toLocaleString('en')} lines) and names the one bad line near its end, in bounded time`,
    async () => {
      const text = importer.huge(HUGE_LINES);
      const good = write('huge', text);
      const read = await wai(importer.args(good));
      expect(read.isOk, read.output.slice(0, 2000)).toBe(true);
      expect(read.ms).toBeLessThan(HUGE_MS);
      const at = text.split('\n').length - 3;
      const bad = write('huge-broken', importer.breakLine(text, at));
      const refused = await wai(importer.args(bad));
      expect(refused.isOk, refused.output.slice(0, 2000)).toBe(false);
      expect(refused.ms).toBeLessThan(HUGE_MS);
      expect(namingProblem(importer, bad, refused, at), refused.output.slice(0, 2000)).toBeNull();
      log.push(`${importer.name}: huge file read in ${read.ms} ms, its broken twin refused at line ${at} in ${refused.ms} ms`);
    },
    2 * HUGE_MS + 10_000,
  );
});

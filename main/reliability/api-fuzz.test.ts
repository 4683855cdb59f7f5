import fc from 'fast-check';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ERROR_CODES, METHODS, type Method } from '../../shared/api';
import { draftSpec } from '../../engine/index';
import { dispatch } from '../api/dispatch';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { seedExportRun, type SeededRun } from '../test-support/export-run';
import { startHubServer, type HubServer } from '../test-support/hub-server';
import { inputArbitrary, type FuzzHints } from './contract-arbitrary';
import { encodedFiles } from './encodings';
import { inputKeys, unnamedProblem } from './error-names';
import { apiTimeout, reliabilitySettings } from './long-mode';
import { storeSnapshot, type StoreSnapshot } from './store-checks';

const settings = reliabilitySettings();
const ROOT = new URL('../..', import.meta.url);
const SECRET_VARIABLES = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'WAI_COMPATIBLE_API_KEY',
  'HF_TOKEN',
  'OPENAI_BASE_URL',
  'ANTHROPIC_BASE_URL',
];

let root: string;
let context: AppContext;
let seeded: SeededRun;
let hub: HubServer;
let before: StoreSnapshot;
let hints: FuzzHints;
const savedEnvironment: Record<string, string | undefined> = {};
/** Runs the fuzz started: their workers are not spawned here (the crash tests run real ones), only recorded. */
const startedRuns: string[] = [];
/** Per method, how its results came out (ok, or the error code): printed at the end, to see the fuzz reached the services. */
const outcomes = new Map<string, Record<string, number>>();
/** Results that were INTERNAL errors: a bug each, listed at the end. */
const internal: { method: string; input: unknown; message: string }[] = [];
/** Shortfalls tolerated today, each in the report of issue 11 with its fix: printed with their count. */

const fixtureText = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

beforeAll(async () => {
  for (const name of SECRET_VARIABLES) savedEnvironment[name] = process.env[name];
  for (const name of SECRET_VARIABLES) delete process.env[name];
  process.env.HF_TOKEN = 'hf_fuzzlocaltoken';
  root = mkdtempSync(join(tmpdir(), 'while-api-fuzz-'));
  context = createAppContext({ dataDir: join(root, 'data'), mode: 'browser' });
  context.jobs.start = (runId: string) => void startedRuns.push(runId);
  hub = await startHubServer();
  seeded = await seedExportRun(context, { budget: 24 });
  await dispatch(context, 'labels.annotator.set', { name: 'ana' });
  const rowIds = (context.db.prepare('SELECT id FROM rows WHERE run_id = ? ORDER BY ordinal').all(seeded.run_id) as { id: string }[]).map(
    (row) => row.id,
  );
  for (const rowId of rowIds.slice(0, 6)) await dispatch(context, 'labels.set', { row_id: rowId, label: 'pass', note: 'seed' });
  const traces = await dispatch(context, 'traces.import', {
    files: [{ name: 'traces.jsonl', text: fixtureText('engine/traces/__fixtures__/traces.jsonl') }],
  });
  const importId = traces.ok ? (traces.value as { id: string }).id : 'import_missing';
  const specId = (context.db.prepare('SELECT spec_id FROM runs WHERE id = ?').get(seeded.run_id) as { spec_id: string }).spec_id;

  const files = join(root, 'files');
  mkdirSync(files);
  const good = [
    JSON.stringify({ id: 'b-1', prompt: 'Refund my order A1001, it arrived broken' }),
    JSON.stringify({ messages: [{ role: 'user', content: 'Cancel order A1004 please' }] }),
  ].join('\n');
  const encoded = encodedFiles(files, 'bench', good);
  const outside = join(root, 'outside');
  mkdirSync(outside);
  mkdirSync(join(root, 'exports', 'linked'), { recursive: true });
  symlinkSync(outside, join(root, 'exports', 'linked', 'data'));
  writeFileSync(join(root, 'exports', 'a-file'), 'not a folder');
  const folders = ['out', 'nested/deeper', 'linked', 'a-file', '../escaped', ''].map((name) => join(root, 'exports', name));
  const drafted = draftSpec('an order support agent that refunds orders after confirming', { seed: 1 }).spec;

  const labelsCsv = [
    'row_id,label,author,note',
    ...rowIds.slice(0, 4).map((id, index) => `${id},${index % 2 === 0 ? 'pass' : 'fail'},ben,"fuzz, ""quoted"""`),
  ].join('\n');
  const labelsJsonl = rowIds
    .slice(4, 8)
    .map((id) => JSON.stringify({ row_id: id, label: 'fail', author: 'ben' }))
    .join('\n');
  const proveJsonl = [
    { task_id: 't1', category: 'refunds', pass: 1 },
    { task_id: 't2', category: 'refunds', reward: 0.2 },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n');
  const texts = [
    labelsCsv,
    labelsJsonl,
    proveJsonl,
    fixtureText('engine/traces/__fixtures__/traces.jsonl'),
    fixtureText('engine/traces/__fixtures__/otlp-genai.json'),
    ...encoded.map((file) => readFileSync(file.path, 'utf8')),
  ];

  hints = {
    ids: [
      seeded.run_id,
      ...rowIds.slice(0, 3),
      seeded.simulator_error_row,
      `${seeded.run_id}:9999`,
      specId,
      importId,
      'run_missing',
      '',
      ' ',
      '../../etc/passwd',
      'conduct@1',
      'test-judge',
    ],
    fields: {
      run_id: fc.constantFrom(seeded.run_id, seeded.run_id, seeded.run_id, 'run_missing', ''),
      row_id: fc.constantFrom(...rowIds.slice(0, 3), seeded.simulator_error_row, `${seeded.run_id}:9999`, 'nope'),
      row_ids: fc.array(fc.constantFrom(...rowIds, `${seeded.run_id}:9999`), { minLength: 1, maxLength: 5 }),
      spec_id: fc.constantFrom(specId, 'spec_missing'),
      import_id: fc.constantFrom(importId, 'import_missing'),
      import_ids: fc.option(fc.array(fc.constantFrom(importId, 'import_missing'), { maxLength: 2 }), { nil: undefined }),
      folder: fc.constantFrom(...folders),
      'decontaminate.files': fc.array(fc.constantFrom(...encoded.map((file) => file.path), join(files, 'missing.jsonl'), root), {
        maxLength: 2,
      }),
      endpoint: fc.constantFrom(hub.url, 'http://127.0.0.1:9', 'not a url'),
      repo_id: fc.constantFrom('fuzz/dataset', 'fuzz', 'a/b/c', '../evil'),
      // Never a command that could do anything: a judge that loads, ones that fail to, and nonsense.
      judge: fc.constantFrom(
        'conduct',
        `module:${join(new URL('../test-support/judges/reward-module.mjs', import.meta.url).pathname)}`,
        'module:/nonexistent/judge.mjs',
        'command:',
        'command:"unclosed',
        'openai:gpt-4.1-mini',
        'decision:openai:gpt-4.1-mini',
        'gpt-4',
        '',
      ),
      agent: fc.constantFrom('openai:gpt-4.1-mini', 'anthropic:claude-sonnet-4-5', 'openai/gpt-4', 'gpt-4', 'command:', ''),
      simulator: fc.constantFrom('openai:gpt-4.1-mini', 'anthropic:claude-sonnet-4-5', 'openai/gpt-4', ''),
      user_model: fc.constantFrom('openai:gpt-4.1-mini', 'qwen3', ''),
      spec: fc.oneof(
        fc.constant(drafted),
        fc.constant({ ...drafted, tools: [] }),
        fc.constant({ ...drafted, axes: { ...drafted.axes, tool: ['nope'] } }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      sentence: fc.constantFrom(
        'a personal finance assistant that confirms before it moves money',
        'hi',
        '',
        'x'.repeat(3000),
        '\u0000\uFFFD',
      ),
      text: fc.constantFrom(...texts, '', '\uFEFF', '\u0000'.repeat(20)),
      'files.text': fc.constantFrom(...texts.slice(3), ''),
      replay_of: fc.constantFrom(seeded.run_id, 'run_missing'),
    },
  };
  before = storeSnapshot(context.db);
}, 120_000);

afterAll(async () => {
  const lines = [...outcomes].map(
    ([method, tally]) =>
      `${method.padEnd(24)} ${Object.entries(tally)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ')}`,
  );
  process.stdout.write(
    `API fuzz, ${settings.apiRuns} inputs per method (${startedRuns.length} runs started, workers not spawned):\n${lines.join('\n')}\n`,
  );
  await closeAppContext(context);
  await hub.close();
  for (const name of SECRET_VARIABLES) {
    if (savedEnvironment[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnvironment[name];
  }
});

/** Stops what a call may have started, so the next call meets a quiet app. */
async function settle(method: Method, value: unknown): Promise<void> {
  if (method === 'exports.start' || method === 'exports.push') await context.exportJobs.wait((value as { job_id: string }).job_id);
  await context.gradeJobs.stopAll();
}

describe.each(METHODS)('%s with random inputs', (method) => {
  it(
    'answers ok with a value the contract accepts, or a closed error code naming the field, file and line or id',
    async () => {
      const keys = inputKeys(contract[method].input);
      await fc.assert(
        fc.asyncProperty(inputArbitrary(contract[method].input, hints), async (input) => {
          const result = await dispatch(context, method, input);
          const tally = outcomes.get(method) ?? {};
          const outcome = result.ok ? 'ok' : result.error.code;
          tally[outcome] = (tally[outcome] ?? 0) + 1;
          outcomes.set(method, tally);
          if (result.ok) {
            const output = contract[method].output.safeParse(result.value);
            expect(output.success, `${method} output: ${output.success ? '' : JSON.stringify(output.error.issues.slice(0, 3))}`).toBe(true);
            await settle(method, result.value);
            return;
          }
          expect(ERROR_CODES).toContain(result.error.code);
          expect(result.error.message.trim()).not.toBe('');
          for (const issue of result.error.issues ?? []) expect(issue.message.trim(), result.error.message).not.toBe('');
          // Where the problem is: the field, the file and line, or the id that was not found.
          expect(unnamedProblem(method, input, keys, result.error), JSON.stringify(input)?.slice(0, 400)).toBeNull();
          if (result.error.code === 'INTERNAL') internal.push({ method, input, message: result.error.message });
        }),
        { numRuns: settings.apiRuns, ...settings.fuzz },
      );
    },
    apiTimeout(settings),
  );
});

describe('after every method was fuzzed', () => {
  it('lost nothing that was stored: every run, row, grade, label and export record is still there, rows unchanged', () => {
    const after = storeSnapshot(context.db);
    for (const table of Object.keys(before) as (keyof StoreSnapshot)[]) {
      const missing = [...before[table].keys()].filter((key) => after[table].get(key) !== before[table].get(key));
      expect(missing, `${table} lost or changed`).toEqual([]);
    }
    expect(context.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('never answered INTERNAL: every failure had a closed, meaningful code', () => {
    expect(internal.map((entry) => `${entry.method}: ${entry.message} <- ${JSON.stringify(entry.input)?.slice(0, 300)}`)).toEqual([]);
  });
});

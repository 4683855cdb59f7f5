import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSpec } from '../../store/runs/specs-repository';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { aimRun, deleteImport, importTraces, listImports, pageTraces, traceFailureMap, traceSimulateOptions } from './traces-service';

const fixture = (name: string) => ({
  name,
  text: readFileSync(new URL(`../../../engine/traces/__fixtures__/${name}`, import.meta.url), 'utf8'),
});

let context: AppContext;
let started: string[];

beforeEach(() => {
  context = createAppContext({
    dataDir: mkdtempSync(join(tmpdir(), 'while-traces-')),
    mode: 'cli',
    now: () => new Date('2026-11-30T00:00:00.000Z'),
  });
  started = [];
  context.jobs.start = (runId: string) => void started.push(runId);
});

afterEach(async () => {
  await closeAppContext(context);
});

describe('traces service', () => {
  it('imports OTLP files in both conventions and JSONL in one import', () => {
    const entry = importTraces(context, {
      files: [fixture('otlp-genai.json'), fixture('otlp-openinference.json'), fixture('traces.jsonl')],
    });
    expect(entry).toMatchObject({
      name: 'otlp-genai.json and 2 more',
      n_rows: 6,
      files: [
        { file: 'otlp-genai.json', format: 'otlp_genai', rows: 2 },
        { file: 'otlp-openinference.json', format: 'otlp_openinference', rows: 1 },
        { file: 'traces.jsonl', format: 'jsonl', rows: 3 },
      ],
      model_versions: ['support-v1', 'support-v2', 'gpt-4o-mini-2024-07-18'],
    });
    expect(listImports(context).imports).toHaveLength(1);
  });

  it('imports nothing when one file is malformed, and names file, span or line, and field', () => {
    let caught: unknown;
    try {
      importTraces(context, { files: [fixture('otlp-genai.json'), fixture('otlp-malformed.json'), fixture('traces-malformed.jsonl')] });
    } catch (error) {
      caught = error;
    }
    expect(ServiceError.isInstance(caught)).toBe(true);
    const error = caught as ServiceError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(
      /^Nothing was imported: 9 problems in the trace files \(and 6 more\)\. otlp-malformed\.json span e000000000000001 field traceId/,
    );
    expect(error.issues).toContainEqual({
      path: 'otlp-malformed.json span e000000000000003 whileai.reward',
      message: 'reward must be in [0, 1], got 1.5',
    });
    expect(error.issues).toContainEqual({ path: 'traces-malformed.jsonl:3 reward', message: 'reward must be in [0, 1], got 2' });
    expect(listImports(context).imports).toEqual([]);
    expect(traceFailureMap(context).n_traces).toBe(0);
  });

  it('maps failures over the imports and pages the traces of a cell', () => {
    const entry = importTraces(context, { files: [fixture('otlp-genai.json'), fixture('traces.jsonl')] });
    const map = traceFailureMap(context, [entry.id]);
    expect(map).toMatchObject({
      import_ids: [entry.id],
      n_traces: 5,
      n_graded: 5,
      n_failures: 2,
      current_version: 'support-v2',
      previous_version: 'support-v1',
    });
    const lookup = map.cells.find((cell) => cell.tool === 'get_order')!;
    expect(lookup).toMatchObject({ tool_condition: 'timeout', status: 'uncertain', failures: 1 });
    const page = pageTraces(context, { cell: lookup.key, limit: 10, offset: 0 });
    expect(page.rows.map((row) => row.conversation_id)).toEqual(['conv-100']);
    expect(() => traceFailureMap(context, ['import_missing'])).toThrow(/There is no trace import import_missing/);
    expect(deleteImport(context, entry.id)).toEqual({ deleted: true });
    expect(traceFailureMap(context).n_traces).toBe(0);
  });

  it('aims a run at the weak cells on a spec read off the traces, and stores the aim for the run executor', async () => {
    importTraces(context, { files: [fixture('otlp-genai.json'), fixture('otlp-openinference.json'), fixture('traces.jsonl')] });
    const { run, aim } = await aimRun(context, { budget: 40, seed: 3, exploration: 0.2 });
    expect(started).toEqual([run.id]);
    expect(run.config).toMatchObject({ budget: 40, seed: 3 });
    expect(run.name).toMatch(/^Aimed at traces: /);
    const spec = getSpec(context.db, run.spec_id!)!;
    expect(spec.tools.map((tool) => tool.name)).toEqual(['cancel_order', 'get_order', 'issue_refund']);
    expect(aim.regions.length).toBeGreaterThan(0);
    expect(aim.regions.map((region) => region.status)).not.toContain('passing');
    expect(aim.steering_weight).toBe(0.8);
    expect(aim.n_sources).toBe(6);
    const options = traceSimulateOptions(context.db, run.id);
    expect(options.trace_aim?.regions.map((region) => region.key)).toEqual(aim.regions.map((region) => region.key));
    expect(options.trace_aim?.sources).toContain('I need a refund for order A1003, it arrived broken.');
    expect(traceSimulateOptions(context.db, 'run_other')).toEqual({});
  });

  it('refuses to aim at cells that are not on the map', async () => {
    importTraces(context, { files: [fixture('otlp-genai.json')] });
    await expect(aimRun(context, { cells: ['{"tool":"nope"}'], budget: 10, seed: 0, exploration: 0.2 })).rejects.toThrow(
      /not on the failure map/,
    );
  });
});

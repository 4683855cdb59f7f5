import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RunConfig, type Spec } from '../../../shared/domain';
import { draftSpec } from '../../../engine/index';
import { DATABASE_FILE } from '../../store/database';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function wai(dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A retail spec cut down to one tool and a few axis values: 10 planned cells, saturated in a few batches. */
function smallSpecFile(folder: string): string {
  const { spec } = draftSpec('a retail assistant that confirms before refunding', { seed: 3 });
  const tool = spec.tools[0]!;
  const small: Spec = {
    ...spec,
    tools: [tool],
    result_shapes: Object.fromEntries(Object.entries(spec.result_shapes).filter(([name]) => name === tool.name)),
    axes: {
      ...spec.axes,
      tool: [tool.name, 'unrelated'],
      rule: [spec.axes.rule[0]!, 'unspecified'],
      stance: ['ordinary', 'adversarial'],
      world_state: spec.axes.world_state.slice(0, 2),
      history: ['fresh'],
    },
  };
  const path = join(folder, 'small-spec.json');
  writeFileSync(path, JSON.stringify(small));
  return path;
}

function storedRun(dataDir: string): { config: RunConfig; stopped_because: string; summary: Record<string, Record<string, unknown>> } {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  const record = db.prepare('SELECT config, stopped_because, summary FROM runs').get() as {
    config: string;
    stopped_because: string;
    summary: string;
  };
  db.close();
  return {
    config: RunConfig.parse(JSON.parse(record.config)),
    stopped_because: record.stopped_because,
    summary: JSON.parse(record.summary),
  };
}

describe('wai simulate --until', { timeout: 120_000 }, () => {
  it('stops a saturation run at the same row at any concurrency, and says why', () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-until-'));
    const specFile = smallSpecFile(folder);
    const outputs = [1, 32].map((concurrency) => {
      const dataDir = join(folder, `data-${concurrency}`);
      const out = join(folder, `rows-${concurrency}.jsonl`);
      const args = [
        'simulate',
        '--spec',
        specFile,
        '--rows',
        '400',
        '--seed',
        '3',
        '--until',
        'saturation',
        '--concurrency',
        String(concurrency),
        '--out',
        out,
      ];
      const result = wai(dataDir, args);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/stopped because saturation/);
      const run = storedRun(dataDir);
      expect(run.config.until).toBe('saturation');
      expect(run.stopped_because).toBe('saturation');
      expect(run.summary.coverage).toMatchObject({ until: 'saturation', saturation: true, predicted_to_saturation: 0, copies_needed: 5 });
      expect(run.summary.search).toHaveProperty('plateau_batches');
      return readFileSync(out, 'utf8');
    });
    const lines = outputs[0]!.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(400);
    expect(outputs[1]).toBe(outputs[0]);
  });

  it('reads a run config stored before `until` existed as a compute run', () => {
    const stored = {
      source: { kind: 'describe', sentence: 'a clinic scheduler that never double-books' },
      budget: 64,
      seed: 7,
      mode: 'explore',
    };
    expect(RunConfig.parse(stored).until).toBe('compute');
  });

  it('refuses a mode it does not know, naming the choices', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-until-'));
    const result = wai(dataDir, ['simulate', '--describe', 'a retail assistant that confirms before refunding', '--until', 'forever']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('compute, saturation, first');
  });
});

describe('wai simulate --mode and --time-budget', { timeout: 120_000 }, () => {
  it('runs rl mode with its defaults, byte-identical at any concurrency, and prints the mode and saturation lines', () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-mode-'));
    const specFile = smallSpecFile(folder);
    const outputs = [1, 32].map((concurrency) => {
      const dataDir = join(folder, `data-${concurrency}`);
      const out = join(folder, `rows-${concurrency}.jsonl`);
      const result = wai(dataDir, [
        'simulate',
        '--spec',
        specFile,
        '--rows',
        '48',
        '--seed',
        '3',
        '--mode',
        'rl',
        '--concurrency',
        String(concurrency),
        '--out',
        out,
      ]);
      expect(result.status, result.stderr).toBe(0);
      const lines = result.stdout.split('\n');
      const warning = lines.findIndex((line) => line.includes('Mode rl filled the settings left unset: repeats 8, fault_rate 0.8'));
      expect(warning).toBeGreaterThan(-1);
      // Warnings come before any number.
      expect(warning).toBeLessThan(lines.findIndex((line) => line.startsWith('Coverage:')));
      expect(result.stdout).toContain('Mode: rl (repeat_policy successive, 1 phrasing x 8 repeats, fault rate 0.8, prefer_success off)');
      expect(result.stdout).toMatch(/^Saturation: .*\(until compute\), fewest rows in a planned cell \d+ of 5$/m);
      const run = storedRun(dataDir);
      expect(run.config).toMatchObject({ mode: 'rl', set_by_caller: [] });
      expect(run.summary.coverage).toMatchObject({
        mode: 'rl',
        repeat_policy: 'successive',
        rollouts_per_request: 8,
        fault_rate: 0.8,
        prefer_success: false,
      });
      return readFileSync(out, 'utf8');
    });
    expect(outputs[0]!.trim().split('\n')).toHaveLength(48);
    expect(outputs[1]).toBe(outputs[0]);
  });

  it('keeps a setting given on the command line over the mode, and stops a clocked run with time_budget', () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-mode-'));
    const dataDir = join(folder, 'data');
    const result = wai(dataDir, [
      'simulate',
      '--spec',
      smallSpecFile(folder),
      '--rows',
      '400',
      '--mode',
      'rl',
      '--fault-rate',
      '0.5',
      '--time-budget',
      '0.001',
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/stopped because time_budget/);
    expect(result.stdout).toContain('not reproducible row for row');
    const run = storedRun(dataDir);
    expect(run.config).toMatchObject({ mode: 'rl', fault_rate: 0.5, set_by_caller: ['fault_rate'], time_budget: 0.001 });
    expect(run.stopped_because).toBe('time_budget');
    expect(run.summary.coverage).toMatchObject({ fault_rate: 0.5, rollouts_per_request: 8, time_budget: 0.001 });
  });

  it('refuses a --mode it does not know, naming the four', () => {
    const result = wai(mkdtempSync(join(tmpdir(), 'while-mode-')), [
      'simulate',
      '--describe',
      'a retail assistant that confirms before refunding',
      '--mode',
      'grpo',
    ]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('explore, sft, rl, adaptive');
  });
});

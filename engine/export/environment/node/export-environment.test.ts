import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentRows } from '../../__fixtures__/environment-rows';
import { REFUND_CONTEXT } from '../../__fixtures__/refund-rows';
import { writeTextFiles } from '../../node/jsonl-writer';
import { exportEnvironment } from '../export-environment';
import type { ParsedJson } from '../../__fixtures__/parsed-json';

const fixtures = resolve(__dirname, '../../__fixtures__');
const python = spawnSync('python3', ['--version']).status === 0 ? 'python3' : null;
let folder: string;
let files: string[];
let name: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'export-env-'));
  const exported = await exportEnvironment(environmentRows(30), {
    name: 'refund desk',
    context: REFUND_CONTEXT,
    world: { known_ids: ['A1001'] },
  });
  name = exported.report.name;
  files = await writeTextFiles(exported.files, { folder });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const run = (args: string[]) => spawnSync(python!, args, { encoding: 'utf8', cwd: folder });

describe.skipIf(python === null)('the exported verifiers package (python3)', () => {
  it('compile every Python file', () => {
    const sources = files.filter((file) => file.endsWith('.py'));
    expect(sources).toHaveLength(3);
    const result = run(['-m', 'py_compile', ...sources]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('have a pyproject that TOML parses with the package, requirements and eval defaults', () => {
    const script = ['import json, tomllib', 'data = tomllib.load(open("pyproject.toml", "rb"))', 'print(json.dumps(data))'].join('\n');
    const result = run(['-c', script]);
    expect(result.status).toBe(0);
    const data = JSON.parse(result.stdout) as ParsedJson;
    expect(data.project).toMatchObject({
      name: 'refund-desk',
      version: '0.1.0',
      'requires-python': '>=3.11,<3.14',
      dependencies: ['verifiers>=0.3.1', 'datasets'],
    });
    expect(data['tool']['hatch']['build']['targets']['wheel']['packages']).toEqual([name]);
    expect(data['tool']['verifiers']['eval']).toEqual({ num_examples: 5, rollouts_per_example: 3 });
  });

  it('import without verifiers, then load and answer tool calls with stand-in verifiers and datasets modules', () => {
    const result = run([join(fixtures, 'environment-smoke.py'), folder, join(fixtures, 'python-stubs'), name]);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('environment smoke ok');
  });
});

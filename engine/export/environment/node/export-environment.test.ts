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
    context: { ...REFUND_CONTEXT, system_prompt: `You help with "refunds" \\ returns\u007f and ${'exchanges '.repeat(12)}` },
    world: { known_ids: ['A1001'] },
  });
  name = exported.report.name;
  files = await writeTextFiles(exported.files, { folder });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const run = (args: string[]) => spawnSync(python!, args, { encoding: 'utf8', cwd: folder });
const toml = (file: string) => {
  const result = run(['-c', `import json, tomllib\nprint(json.dumps(tomllib.load(open(${JSON.stringify(file)}, "rb"))))`]);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as ParsedJson;
};

describe.skipIf(python === null)('the exported verifiers package (python3)', () => {
  it('compile every Python file', () => {
    const sources = files.filter((file) => file.endsWith('.py'));
    expect(sources).toHaveLength(3);
    const result = run(['-m', 'py_compile', ...sources]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('have a pyproject that tomllib reads, a verifiers range that exists, and a description cut at a word', () => {
    const data = toml('pyproject.toml');
    expect(data.project).toMatchObject({
      name: 'refund-desk',
      version: '0.1.0',
      'requires-python': '>=3.11,<3.14',
      dependencies: ['verifiers>=0.1.11', 'datasets'],
    });
    const description = data['project']['description'] as string;
    expect(description).toMatch(
      /^Tool-use tasks for the agent "You help with "refunds" \\ returns\u007f and (exchanges )+exchanges…", exported/,
    );
    expect(data['tool']['hatch']['build']['targets']['wheel']['packages']).toEqual([name]);
    expect(data['tool']['verifiers']).toBeUndefined();
  });

  it('keep the eval defaults in the module folder, where vf-eval reads them', () => {
    expect(toml(`${name}/pyproject.toml`)).toEqual({ tool: { verifiers: { eval: { num_examples: 5, rollouts_per_example: 3 } } } });
  });

  it('run a rollout through the fake of the current verifiers API: tools offered, a flat call answered, the reward scored', () => {
    const result = run([join(fixtures, 'environment-rollout.py'), folder, join(fixtures, 'fake-verifiers'), name]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const rollout = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as ParsedJson;
    const offered = REFUND_CONTEXT.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    expect(rollout['offered']).toEqual([offered, offered]);
    expect(rollout['stop_condition']).toBe('no_tools_called');
    expect(rollout['roles']).toEqual(['assistant', 'tool', 'assistant']);
    expect(rollout['tool_reply']).toEqual({ role: 'tool', tool_call_id: 'call_1', content: rollout['world_answer'] });
    expect(typeof rollout['reward']).toBe('number');
    expect(rollout['metrics']).toMatchObject({ reward: rollout['reward'], total_tool_calls: 1, num_turns: 2, judge_ok: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { parseJudgeSpec, splitCommandLine } from './judge-spec';
import { JUDGE_MODULE } from './__fixtures__/grading-run';

const options = { mode: 'per-row' as const, cwd: '/work', version: 'v1' };

describe('judge specs', () => {
  it('split a command line like a shell, without running one', () => {
    expect(splitCommandLine(`python3 'my judge.py' --rubric "a \\"strict\\" one" plain\\ word ''`)).toEqual(['python3', 'my judge.py', '--rubric', 'a "strict" one', 'plain word', '']);
    expect(() => splitCommandLine('node "judge.mjs')).toThrow(/unclosed " quote/);
  });

  it('read conduct, command and module judges, naming a custom judge after its script', () => {
    expect(parseJudgeSpec(' conduct ', options)).toEqual({ kind: 'conduct' });
    expect(parseJudgeSpec('command:node judges/tone.mjs --strict', options)).toEqual({
      kind: 'command',
      command: 'node',
      args: ['judges/tone.mjs', '--strict'],
      mode: 'per-row',
      name: 'tone',
      version: 'v1',
      cwd: '/work',
    });
    expect(parseJudgeSpec('command:"node judges/tone.mjs"', { ...options, name: 'Tone' })).toMatchObject({ command: 'node', args: ['judges/tone.mjs'], name: 'Tone' });
    expect(parseJudgeSpec(`module:${JUDGE_MODULE}`, options)).toEqual({ kind: 'module', path: JUDGE_MODULE, name: 'reward-module', version: 'v1' });
  });

  it('refuse what cannot run, saying what to write instead', () => {
    expect(() => parseJudgeSpec('command:', options)).toThrow('The judge command is empty: use command:"node my-judge.mjs".');
    expect(() => parseJudgeSpec('command:node tone.mjs', { ...options, version: ' ' })).toThrow(/needs a version/);
    expect(() => parseJudgeSpec('phi-4', options)).toThrow(/Unknown judge "phi-4". Use conduct, command:/);
  });
});

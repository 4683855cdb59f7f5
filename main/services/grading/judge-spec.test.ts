import { describe, expect, it } from 'vitest';
import { defaultRubric } from '../../../engine/index';
import { parseJudgeSpec, splitCommandLine } from './judge-spec';
import { JUDGE_MODULE } from '../../test-support/grading-run';

const options = { mode: 'per-row' as const, cwd: '/work', version: 'v1' };

describe('judge specs', () => {
  it('split a command line like a shell, without running one', () => {
    expect(splitCommandLine(`python3 'my judge.py' --rubric "a \\"strict\\" one" plain\\ word ''`)).toEqual([
      'python3',
      'my judge.py',
      '--rubric',
      'a "strict" one',
      'plain word',
      '',
    ]);
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
    expect(parseJudgeSpec('command:"node judges/tone.mjs"', { ...options, name: 'Tone' })).toMatchObject({
      command: 'node',
      args: ['judges/tone.mjs'],
      name: 'Tone',
    });
    expect(parseJudgeSpec(`module:${JUDGE_MODULE}`, options)).toEqual({
      kind: 'module',
      path: JUDGE_MODULE,
      name: 'reward-module',
      version: 'v1',
    });
  });

  it('read rubric and decision judges on a model, with the default rubric built from the policy rules', () => {
    const policy = { system_prompt: 'You are a bank assistant.\n1. Confirm before moving money.', rules: ['Confirm before moving money.'] };
    const rubric = parseJudgeSpec('openai:gpt-4.1-mini', { ...options, version: undefined, policy });
    expect(rubric).toEqual({
      kind: 'model',
      spec: 'openai:gpt-4.1-mini',
      model: 'openai:gpt-4.1-mini',
      decision: false,
      rubric: defaultRubric(policy.rules),
      policy: policy.system_prompt,
    });
    expect(
      parseJudgeSpec('compatible:phi-4@http://127.0.0.1:8000/v1/', {
        ...options,
        version: undefined,
        rubric: 'Pass when polite.',
        name: 'polite',
      }),
    ).toMatchObject({
      model: 'compatible:phi-4@http://127.0.0.1:8000/v1',
      rubric: 'Pass when polite.',
      name: 'polite',
      policy: '',
    });
    expect(parseJudgeSpec('decision:anthropic:claude-haiku-4-5', { ...options, version: undefined, policy })).toEqual({
      kind: 'model',
      spec: 'decision:anthropic:claude-haiku-4-5',
      model: 'anthropic:claude-haiku-4-5',
      decision: true,
      rubric: null,
      policy: policy.system_prompt,
    });
  });

  it('refuse a version on a model judge, a rubric where none is read, and a model spec that does not parse', () => {
    expect(() => parseJudgeSpec('openai:gpt-4.1-mini', options)).toThrow(
      'A model judge is versioned by its model and rubric hash: leave version out.',
    );
    expect(() => parseJudgeSpec('decision:openai:gpt-4.1-mini', { ...options, version: undefined, rubric: 'x' })).toThrow(
      /reads no rubric/,
    );
    expect(() => parseJudgeSpec('conduct', { ...options, rubric: 'x' })).toThrow(
      'A rubric is read only by a model judge (e.g. openai:gpt-4.1-mini); the conduct checks read none.',
    );
    expect(() => parseJudgeSpec('compatible:phi-4', { ...options, version: undefined })).toThrow(/needs the server's base URL after @/);
    expect(() => parseJudgeSpec('openai/gpt-4.1', options)).toThrow(/Write openai:gpt-4.1/);
  });

  it('refuse what cannot run, saying what to write instead', () => {
    expect(() => parseJudgeSpec('command:', options)).toThrow('The judge command is empty: use command:"node my-judge.mjs".');
    expect(() => parseJudgeSpec('command:node tone.mjs', { ...options, version: ' ' })).toThrow(/needs a version/);
    expect(() => parseJudgeSpec('phi-4', options)).toThrow(
      /Unknown judge "phi-4". Use conduct, command:.*\(.*write compatible:phi-4@<base_url>\.\)$/,
    );
  });
});

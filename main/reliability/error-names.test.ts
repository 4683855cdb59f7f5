import { describe, expect, it } from 'vitest';
import { unnamedProblem } from './error-names';

const refused = (message: string, issues?: { path: string; message: string }[]) => ({
  code: 'VALIDATION_FAILED' as const,
  message,
  ...(issues ? { issues } : {}),
});

describe('what the API fuzz calls naming the problem', () => {
  it('takes a field of the input, a line of a file it carries, or the id that was not found', () => {
    expect(
      unnamedProblem(
        'specs.draft',
        { sentence: '' },
        ['sentence', 'seed'],
        refused('Cannot draft a spec: the sentence is empty.', [{ path: 'sentence', message: 'empty' }]),
      ),
    ).toBeNull();
    const traces = { files: [{ name: 'prod.jsonl', text: '{}\n{"half' }] };
    expect(
      unnamedProblem(
        'traces.import',
        traces,
        ['files'],
        refused('prod.jsonl:2: not valid JSON', [{ path: 'prod.jsonl:2', message: 'not valid JSON' }]),
      ),
    ).toBeNull();
    expect(
      unnamedProblem(
        'labels.import',
        { text: 'a\nb\nc', format: 'csv' },
        ['text', 'format'],
        refused('line 3 (label): missing', [{ path: 'line 3.label', message: 'missing' }]),
      ),
    ).toBeNull();
    expect(
      unnamedProblem('runs.get', { run_id: 'run_missing' }, ['run_id'], { code: 'NOT_FOUND', message: 'There is no run run_missing.' }),
    ).toBeNull();
  });

  it('refuses a path that is no field, a line past the end of the file, and a message that names nothing', () => {
    expect(unnamedProblem('specs.draft', { sentence: '' }, ['sentence'], refused('Bad.', [{ path: 'colour', message: 'x' }]))).toMatch(
      /neither a field/,
    );
    const traces = { files: [{ name: 'prod.jsonl', text: '{}\n{"half' }] };
    expect(
      unnamedProblem(
        'traces.import',
        traces,
        ['files'],
        refused('prod.jsonl:9: not valid JSON', [{ path: 'prod.jsonl:9', message: 'not valid JSON' }]),
      ),
    ).toMatch(/not a line of the file \(2 lines\)/);
    expect(unnamedProblem('labels.import', { text: 'x', format: 'jsonl' }, ['text', 'format'], refused('Something went wrong.'))).toMatch(
      /names no file, field or value/,
    );
    expect(unnamedProblem('runs.get', { run_id: 'run_missing' }, ['run_id'], { code: 'NOT_FOUND', message: 'Not found.' })).toMatch(
      /names none of the values sent/,
    );
    expect(
      unnamedProblem(
        'runs.get',
        { run_id: 7 },
        ['run_id'],
        refused('Invalid input for runs.get: expected string', [{ path: 'run_id', message: 'expected string' }]),
      ),
    ).toMatch(/does not repeat the path run_id/);
  });
});

import { describe, expect, it } from 'vitest';
import { ModelParseError } from './model-parse-error';
import { parsePictModel } from './pict-model';

function parseError(text: string): ModelParseError {
  try {
    parsePictModel(text);
  } catch (error) {
    if (ModelParseError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the model parsed');
}

describe('parsePictModel', () => {
  it('reads axes in order, skipping comments and blank lines', () => {
    const text = '# agent model\n\ntool: search, refund\r\n  stance :  ordinary ,hurried  \n\n# end\n';
    expect(parsePictModel(text)).toEqual([
      { name: 'tool', values: ['search', 'refund'] },
      { name: 'stance', values: ['ordinary', 'hurried'] },
    ]);
  });

  it('is lenient like PICT: weights stripped, first alias kept, empty values dropped, references expanded', () => {
    const text = ['size: small (10), large(2), ', 'os: win | windows, linux', 'backup size: <size>, huge', 'url: http://a.example/x'].join(
      '\n',
    );
    expect(parsePictModel(text)).toEqual([
      { name: 'size', values: ['small', 'large'] },
      { name: 'os', values: ['win', 'linux'] },
      { name: 'backup size', values: ['small', 'large', 'huge'] },
      { name: 'url', values: ['http://a.example/x'] },
    ]);
  });

  it('returns no axes for an empty model', () => {
    expect(parsePictModel('# nothing yet\n')).toEqual([]);
  });

  it.each([
    ['a: 1, 2\nb 1, 2', 2, 'no ":" between the axis name and its values'],
    ['a: 1\n: 1, 2', 2, 'the axis name before ":" is empty'],
    ['a: 1\n\nb:  , ,', 3, 'axis "b" has no values'],
    ['a: 1, 2\nb: 1\nA: 3', 3, 'axis "A" is already defined on line 1'],
    ['a: 1, 2, 1', 1, 'axis "a" lists value "1" twice'],
    ['a: x, y\nb: <c>', 2, '"<c>" does not name an axis defined above'],
    ['a: x, y\nb: 1, 2\n\nIF [a] = "x" THEN [b] = 1;', 4, 'constraints are not supported in model files'],
    ['a: x, y\nb: 1, 2\n[a] <> "y";', 3, 'constraints are not supported in model files'],
    ['a: x, y\nb: 1, 2\n{ a, b } @ 2', 3, 'sub-models ("{ ... } @ n") are not supported'],
  ])('rejects %j at line %i', (text, line, message) => {
    const error = parseError(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}: ${message}`);
  });

  it('tells constraint lines apart so the user knows to pass them programmatically', () => {
    expect(parseError('a: 1, 2\nif [a] = 1 then [a] <> 2;').message).toBe(
      'line 2: constraints are not supported in model files; pass them programmatically',
    );
  });

  it('marks its errors so callers can recognise them across module copies', () => {
    const error = parseError('a');
    expect(error).toBeInstanceOf(ModelParseError);
    expect(error.name).toBe('ModelParseError');
    expect(ModelParseError.isInstance(new Error('line 1: x'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatAgreement, parseAgreementFile } from './agreement-file';
import { judgeAgreement } from './judge-agreement';

describe('parseAgreementFile', () => {
  it('reads words, rewards, kinds and authors, skipping blank lines', () => {
    const text = [
      '{"id": "r1", "judge": "pass", "gold": "pass", "gold_kind": "human", "author": "ana"}',
      '',
      '{"id": "r2", "judge": 0.5, "gold": "fail", "gold_kind": null, "author": null}',
      '  ',
      '{"id": "r3", "judge": 0.49, "gold": "FAIL", "gold_kind": "model", "author": "gpt"}',
      '{"id": 4, "judge": null, "gold": 1}',
      '{"id": "r5", "gold": "pass", "extra": true}',
    ].join('\r\n');
    const { pairs, errors } = parseAgreementFile(`\uFEFF${text}\n`);
    expect(errors).toEqual([]);
    expect(pairs).toEqual([
      { id: 'r1', judge: 1, gold: 1, gold_kind: 'human', author: 'ana', line: 1 },
      { id: 'r2', judge: 1, gold: 0, gold_kind: null, author: null, line: 3 },
      { id: 'r3', judge: 0, gold: 0, gold_kind: 'model', author: 'gpt', line: 5 },
      { id: '4', judge: null, gold: 1, gold_kind: null, author: null, line: 6 },
      { id: 'r5', judge: null, gold: 1, gold_kind: null, author: null, line: 7 },
    ]);
  });

  it('reports every kind of bad line with its line number and field', () => {
    const text = [
      '{"id": "ok", "judge": "pass", "gold": "pass", "gold_kind": "human", "author": "ana"}',
      '{"id": "a", "judge": "pass", "gold": "pass"',
      '[1, 2]',
      '{"judge": "pass", "gold": "pass"}',
      '{"id": "", "judge": "pass", "gold": "pass"}',
      '{"id": "b", "judge": "yes", "gold": "pass"}',
      '{"id": "c", "judge": 1.5, "gold": "pass"}',
      '{"id": "d", "judge": true, "gold": "pass"}',
      '{"id": "e", "judge": "fail", "gold": 0.5}',
      '{"id": "f", "judge": "fail", "gold": "pass", "gold_kind": "robot"}',
      '{"id": "g", "judge": "fail", "gold": "pass", "author": 7}',
      '{"id": "h", "judge": -0.1, "gold": "maybe"}',
    ].join('\n');
    const { pairs, errors } = parseAgreementFile(text);
    expect(pairs.map((pair) => pair.id)).toEqual(['ok']);
    expect(errors).toEqual([
      { line: 2, message: expect.stringMatching(/^not valid JSON: /) },
      { line: 3, message: 'the line is not a JSON object: write one {"id", "judge", "gold"} object per line' },
      { line: 4, field: 'id', message: 'the id is missing: give every line the "id" of its row' },
      { line: 5, field: 'id', message: 'the id is empty: give every line the "id" of its row' },
      { line: 6, field: 'judge', message: 'unknown label "yes" in judge: use pass or fail' },
      { line: 7, field: 'judge', message: 'the judge reward 1.5 is outside [0, 1]: give a reward in [0, 1], "pass" or "fail"' },
      { line: 8, field: 'judge', message: 'the judge must be "pass", "fail", a reward in [0, 1] or null' },
      { line: 9, field: 'gold', message: 'the gold 0.5 must be "pass", "fail", 0, 1 or null' },
      { line: 10, field: 'gold_kind', message: 'the gold_kind must be one of human, program, model or null' },
      { line: 11, field: 'author', message: 'the author must be a string or null' },
      { line: 12, field: 'judge', message: 'the judge reward -0.1 is outside [0, 1]: give a reward in [0, 1], "pass" or "fail"' },
      { line: 12, field: 'gold', message: 'unknown label "maybe" in gold: use pass or fail' },
    ]);
  });

  it('returns nothing for an empty file', () => {
    expect(parseAgreementFile('')).toEqual({ pairs: [], errors: [] });
  });
});

describe('formatAgreement', () => {
  it('prints warnings first, then the numbers', () => {
    const { pairs } = parseAgreementFile(
      [
        '{"id": "1", "judge": "pass", "gold": "pass", "gold_kind": "human", "author": "ana"}',
        '{"id": "2", "judge": "pass", "gold": "fail", "gold_kind": "human", "author": "ana"}',
        '{"id": "3", "judge": "fail", "gold": "fail", "gold_kind": "human", "author": "ana"}',
        '{"id": "4", "judge": null, "gold": "fail", "gold_kind": "human", "author": "ana"}',
      ].join('\n'),
    );
    expect(formatAgreement(judgeAgreement(pairs))).toBe(
      [
        'warning: Agreement and kappa are coarse on only 3 labelled pairs (MIN_GOLD is 50): label 47 more rows by hand.',
        'warning: The judge passed 1 of 2 gold failures (pass_when_gold_fail 0.5 >= 0.1): read the rows ' +
          'it passed and tighten its rubric before trusting its passes.',
        '',
        'pairs        3 counted, 1 skipped',
        'agreement    0.6667',
        'kappa        0.4000',
        'confusion    tp 1  fp 1  tn 1  fn 0  (pass = positive)',
        'leak         0.5000  pass_when_gold_fail: judge passed 1 of 2 gold failures',
        'miss         0.0000  fail_when_gold_pass: judge failed 0 of 1 gold passes',
        'pass rate    judge 0.6667  gold 0.3333',
        'gold kind    human',
        'ok           yes',
      ].join('\n'),
    );
  });

  it('prints n/a for undefined numbers', () => {
    const report = formatAgreement(judgeAgreement([]));
    expect(report.split('\n')[0]).toBe(
      'warning: No rows were given, so there is nothing to measure: grade a run and label some of its rows by hand.',
    );
    expect(report).toContain('kappa        n/a');
    expect(report).toContain('ok           no');
  });
});

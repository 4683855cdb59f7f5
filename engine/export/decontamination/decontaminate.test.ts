import { describe, expect, it } from 'vitest';
import { decontaminate, Decontaminator, type EvalRow } from './decontaminate';
import { parseDecontaminationJsonl } from './decontamination-lines';

const words = (prefix: string, count: number, from = 1) => Array.from({ length: count }, (_, index) => `${prefix}${from + index}`);
const EVAL_WORDS = [
  'please',
  'refund',
  'the',
  'duplicate',
  'charge',
  'on',
  'order',
  'a1001',
  'to',
  'my',
  'original',
  'card',
  'because',
  'i',
  'was',
  'billed',
  'twice',
  'for',
  'one',
  'parka',
  'last',
  'tuesday',
  'and',
  'need',
  'the',
  'money',
  'back',
  'before',
  'rent',
  'day',
];
const against: EvalRow[] = [
  { prompt: EVAL_WORDS.join(' '), task_id: 'bench-17' },
  {
    prompt: 'What is the status of my refund?',
    answer: 'It was issued on 3 May and takes five days to land in the account.',
    task_id: 'bench-18',
  },
];
const check = (text: string, task_id: string | null = null) => new Decontaminator(against).check({ text, task_id }, 0);

describe('decontaminate', () => {
  it('drop a row of the same task first, whatever its text', () => {
    expect(check('something else entirely', 'bench-18')).toMatchObject({
      match: 'same_task',
      task: 'bench-18',
      eval_prompt: 'What is the status of my refund?',
    });
    expect(check(EVAL_WORDS.join(' '), 'bench-17')!.match).toBe('same_task');
  });

  it('drop an exact copy after case and whitespace are normalised, answers included', () => {
    expect(check('  WHAT is the status\n of my   refund? ')).toMatchObject({ match: 'exact', task: 'bench-18' });
    expect(check('It was issued on 3 May and takes five days to land in the account.')!.match).toBe('exact');
    expect(check('What is the status of my refund')).toBeNull();
  });

  it('drop a near copy whose shared 8-grams cover at least 0.8 of its words, and keep one just under', () => {
    const over = [...EVAL_WORDS.slice(0, 17), ...words('new', 4)].join(' ');
    const under = [...EVAL_WORDS.slice(0, 16), ...words('new', 5)].join(' ');
    expect(check(over)).toMatchObject({ match: 'near', coverage: 0.8095, task: 'bench-17' });
    expect(check(under)).toBeNull();
    const exactlyAtBar = [...EVAL_WORDS.slice(3, 19), ...words('new', 4)].join(' ');
    expect(check(exactlyAtBar)).toMatchObject({ match: 'near', coverage: 0.8 });
  });

  it('count covered positions, not shared grams: scattered copies of short runs do not add up', () => {
    const scattered = [...EVAL_WORDS.slice(0, 7), 'x', ...EVAL_WORDS.slice(8, 15), 'y', ...EVAL_WORDS.slice(16, 23)].join(' ');
    expect(check(scattered)).toBeNull();
  });

  it('match texts shorter than n words only exactly', () => {
    expect(check(EVAL_WORDS.slice(0, 7).join(' '))).toBeNull();
    const short: EvalRow[] = [{ prompt: 'refund order a1001 now', task_id: null }];
    expect(new Decontaminator(short).check({ text: 'Refund order A1001 now' }, 0)!.match).toBe('exact');
  });

  it('treat any shared gram as a hit when overlap is 0', () => {
    const text = [...EVAL_WORDS.slice(0, 8), ...words('new', 30)].join(' ');
    expect(new Decontaminator(against).check({ text }, 0)).toBeNull();
    expect(new Decontaminator(against, { overlap: 0 }).check({ text }, 0)!.match).toBe('near');
  });

  it('report what each rule dropped, with examples and skipped rules', () => {
    const rows = [
      { text: 'unrelated question about shipping times to Norway', task_id: 'sc-1' },
      { text: 'anything', task_id: 'bench-17' },
      { text: 'What is the status of my refund?', task_id: 'sc-2' },
      { text: [...EVAL_WORDS.slice(0, 20), 'today'].join(' '), task_id: 'sc-3' },
    ];
    const { kept, dropped, report } = decontaminate(rows, against, { textOf: (row) => row });
    expect(kept.map((row) => row.task_id)).toEqual(['sc-1']);
    expect(dropped.map((entry) => entry.hit.match)).toEqual(['same_task', 'exact', 'near']);
    expect(report).toMatchObject({
      n: 4,
      n_kept: 1,
      n_contaminated: 3,
      contamination_rate: 0.75,
      n_same_task: 1,
      n_exact: 1,
      n_near: 1,
      n_semantic: 0,
      n_eval_rows: 2,
      n_eval_texts: 3,
      ngram: 8,
      overlap: 0.8,
      similarity: null,
      fields: ['prompt'],
      by_field: { prompt: 3 },
      rules_skipped: { semantic: 'no embedder' },
    });
    expect(report.examples.map((example) => example.index)).toEqual([1, 2, 3]);
    expect(report.notes[0]).toMatch(/paraphrases are not caught/);
    const noIds = decontaminate([{ text: 'a' }], [{ prompt: 'b' }], { textOf: (row) => row }).report;
    expect(noIds.rules_skipped.same_task).toBe('no eval row carries a task id');
    expect(decontaminate([{ text: 'a' }], against, { textOf: (row) => row }).report.rules_skipped.same_task).toBe(
      'no training row carries a task id',
    );
  });

  it('catch a paraphrase with an embedder, never against the row’s own task', () => {
    const vocabulary = ['refund', 'money', 'back', 'order', 'status', 'shipping'];
    const embed = (text: string) => vocabulary.map((word) => (text.toLowerCase().includes(word) ? 1 : 0));
    const checker = new Decontaminator([{ prompt: 'I want my money back for this order, a refund', task_id: 'bench-1' }], {
      embed,
      similarity: 0.9,
    });
    expect(checker.check({ text: 'Refund the order and send the money back', task_id: 'sc-9' }, 0)).toMatchObject({
      match: 'semantic',
      similarity: 1,
    });
    expect(checker.check({ text: 'What is the shipping status?', task_id: 'sc-8' }, 1)).toBeNull();
    expect(checker.report()).toMatchObject({ n_semantic: 1, similarity: 0.9 });
  });
});

describe('decontamination input lines', () => {
  it('read chat rows and {id, task_id, prompt} lines, reporting bad lines by number', () => {
    const text = [
      JSON.stringify({ id: 'q1', task_id: 7, prompt: 'How do I reset my password?' }),
      '',
      JSON.stringify({
        messages: [
          { role: 'system', content: 'sys' },
          { role: 'user', content: 'Refund A1001' },
        ],
        scenario_id: 'sc-1',
        task_id: 'ignored',
      }),
      '{"prompt": ',
      JSON.stringify({ messages: [{ role: 'assistant', content: 'hi' }] }),
      JSON.stringify({ prompt: [{ role: 'user', content: 'from a prompt list' }], answer: 'yes' }),
      JSON.stringify({ prompt: 'x', task_id: { nested: true } }),
    ].join('\n');
    const { rows, errors } = parseDecontaminationJsonl(text);
    expect(rows.map((row) => [row.line, row.text, row.task_id])).toEqual([
      [1, 'How do I reset my password?', '7'],
      [3, 'Refund A1001', 'sc-1'],
      [6, 'from a prompt list', null],
    ]);
    expect(rows[2]!.answer).toBe('yes');
    expect(errors.map((error) => error.line)).toEqual([4, 5, 7]);
    expect(errors[0]!.message).toMatch(/not valid JSON/);
    expect(errors[1]).toMatchObject({ field: 'prompt', message: expect.stringMatching(/no prompt/) });
    expect(errors[2]).toMatchObject({ field: 'task_id' });
  });
});

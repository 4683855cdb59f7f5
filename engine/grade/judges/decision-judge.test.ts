import { describe, expect, it } from 'vitest';
import { fixtureRow } from '../conduct/__fixtures__/conversation';
import { decisionJudge, isUnsure, type DecisionVerdict } from './decision-judge';
import { FAILURE_CLASSES, normalizeFailureClass } from './failure-vocabulary';
import { fixedClock } from './judge-clock';
import { runJudge } from './run-judge';

function judgeWith(verdicts: DecisionVerdict[]) {
  let call = 0;
  return decisionJudge({ model: 'typesafe:jev-latest', decide: async () => verdicts[call++]! });
}

const rows = (count: number) => Array.from({ length: count }, (_, index) => fixtureRow(`d${index}`, [{ user: 'hi' }, { agent: 'hello' }]));

describe('decision judge', () => {
  it('marks probabilities within 0.1 of even as unsure, edges included', () => {
    expect([0.39, 0.4, 0.5, 0.6, 0.61].map(isUnsure)).toEqual([false, true, true, true, false]);
  });

  it('turns the probability into the reward, with confidence, unsure and a vocabulary failure class', async () => {
    const judge = judgeWith([
      { probability: 0.92 },
      { probability: 0.45, failure_class: 'Hallucinated ID', reason: 'quoted a tracking number' },
      { probability: 0.05, failure_class: 'ignore_fault' },
      { probability: 0.2, failure_class: 'rambled about the weather' },
    ]);
    const graded = await runJudge(rows(4), judge, { clock: fixedClock('T'), concurrency: 1 });
    expect(graded.map((item) => [item.grade.reward, item.grade.unsure, item.grade.failure_class])).toEqual([
      [0.92, false, null],
      [0.45, true, 'invented_identifier'],
      [0.05, false, 'ignore_fault'],
      [0.2, false, 'other'],
    ]);
    expect(graded[1]!.judge_meta).toEqual({ confidence: 0.45, failure_class_raw: 'Hallucinated ID' });
    expect(graded[1]!.grade).toMatchObject({ label_source: 'decision', reason: 'quoted a tracking number' });
    expect(graded[0]!.grade.provenance).toEqual({
      judge: 'decision',
      model: 'typesafe:jev-latest',
      rubric_hash: null,
      settings: {},
      version: 'typesafe:jev-latest@decision',
    });
  });

  it('reports a probability outside [0, 1] as invalid, not as a reward', async () => {
    const [graded] = await runJudge(rows(1), judgeWith([{ probability: 1.3 }]), { clock: fixedClock('T') });
    expect(graded!.grade).toMatchObject({ reward: null, judge_status: 'invalid_result', unsure: false });
  });
});

describe('failure vocabulary', () => {
  it('holds every failing conduct rule and the common agent failures', () => {
    expect(FAILURE_CLASSES).toEqual(
      expect.arrayContaining([
        'invented_reference',
        'success_after_failure',
        'claimed_without_call',
        'ignore_fault',
        'invented_identifier',
        'leak',
        'premature_handoff',
        'other',
      ]),
    );
    expect(FAILURE_CLASSES).not.toContain('conforms');
    expect(FAILURE_CLASSES).not.toContain('fault_ok');
  });

  it('folds spellings and keeps unknown picks as other', () => {
    expect(normalizeFailureClass('Premature-Handoff')).toBe('premature_handoff');
    expect(normalizeFailureClass(' none ')).toBeNull();
    expect(normalizeFailureClass(null)).toBeNull();
    expect(normalizeFailureClass('made up')).toBe('other');
  });
});

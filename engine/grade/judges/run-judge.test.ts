import { describe, expect, it } from 'vitest';
import { Grade, type Row } from '../../../shared/domain';
import { CONDUCT_FIXTURES } from '../conduct/__fixtures__/conduct-rows';
import { DECLARED_TOOLS, fixtureRow } from '../conduct/__fixtures__/conversation';
import { CONDUCT_PROVENANCE, conductJudge } from '../conduct/conduct-judge';
import { functionJudge } from './function-judge';
import type { Judge } from './judge';
import { fixedClock, type JudgeClock } from './judge-clock';
import { JudgeConfigError } from './judge-config-error';
import { runJudge } from './run-judge';

const NOW = '2025-06-01T12:00:00.000Z';
const rows = (texts: string[]): Row[] => texts.map((text, index) => fixtureRow(`r${index}`, [{ user: 'hi' }, { agent: text }]));

/** Timers that fire only when the test says so; cancelled ones never fire. */
function manualClock(): { clock: JudgeClock; fire: () => void } {
  const timers: Array<{ fire: () => void; cancelled: boolean }> = [];
  return {
    clock: {
      now: () => NOW,
      after: () => {
        const timer = { fire: () => undefined as void, cancelled: false };
        const elapsed = new Promise<void>((resolve) => {
          timer.fire = resolve;
        });
        timers.push(timer);
        return { elapsed, cancel: () => void (timer.cancelled = true) };
      },
    },
    fire: () => timers.filter((timer) => !timer.cancelled).forEach((timer) => timer.fire()),
  };
}

describe('runJudge', () => {
  it('grades every row in row order with the judge provenance and the given version', async () => {
    const judge = functionJudge((row) => ({ reward: row.final_text.includes('sorry') ? 0 : 1, reason: 'checked apology' }), {
      version: 'v1',
      name: 'apology',
    });
    const graded = await runJudge(rows(['fine', 'so sorry', 'great']), judge, { clock: fixedClock(NOW), version: 'v2', concurrency: 2 });
    expect(graded.map((item) => [item.grade.row_id, item.grade.reward])).toEqual([
      ['ro-r0', 1],
      ['ro-r1', 0],
      ['ro-r2', 1],
    ]);
    for (const item of graded) {
      expect(() => Grade.parse(item.grade)).not.toThrow();
      expect(item.grade).toMatchObject({ judge_status: 'ok', label_source: 'custom', created_at: NOW, reason: 'checked apology' });
      expect(item.grade.provenance).toEqual({ judge: 'apology', model: null, rubric_hash: null, settings: {}, version: 'v2' });
    }
  });

  it('never turns a broken answer into a silent 0', async () => {
    const answers: Record<string, unknown> = {
      throws: 'throw',
      missing: { verdict: 'pass' },
      range: 1.4,
      text: 'pass',
      nothing: undefined,
    };
    const judge = functionJudge(
      (row) => {
        const answer = answers[row.final_text];
        if (answer === 'throw') throw new TypeError('cannot read the rubric');
        return answer;
      },
      { version: 'v1', name: 'fragile' },
    );
    const graded = await runJudge(rows(Object.keys(answers)), judge, { clock: fixedClock(NOW) });
    expect(graded.map((item) => [item.grade.judge_status, item.grade.reward])).toEqual([
      ['error', null],
      ['missing_reward', null],
      ['invalid_result', null],
      ['invalid_result', null],
      ['invalid_result', null],
    ]);
    expect(graded[0]!.grade.reason).toBe('judge fragile failed: cannot read the rubric; row left ungraded');
    expect(graded[0]!.judge_meta).toEqual({ error: 'cannot read the rubric', error_type: 'TypeError' });
    expect(graded[1]!.grade.reason).toBe('judge fragile returned no reward or score (keys: verdict); row left ungraded');
    expect(graded[2]!.grade.reason).toBe('judge fragile returned reward 1.4, outside [0, 1]; row left ungraded');
  });

  it('gives up on a slow row as timeout, tells the judge, and carries on with the next', async () => {
    const { clock, fire } = manualClock();
    let reachedSlow: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => {
      reachedSlow = resolve;
    });
    let released = false;
    const judge = functionJudge(
      (row, context) => {
        if (row.final_text !== 'slow') return 1;
        void context.abandoned.then(() => {
          released = true;
        });
        reachedSlow();
        return new Promise(() => undefined);
      },
      { version: 'v1' },
    );
    const pending = runJudge(rows(['quick', 'slow', 'after']), judge, { clock, concurrency: 1, timeoutMs: 30_000 });
    await slowStarted;
    fire();
    const graded = await pending;
    expect(graded.map((item) => item.grade.judge_status)).toEqual(['ok', 'timeout', 'ok']);
    expect(graded[1]!.grade).toMatchObject({ reward: null, reason: 'judge lambda_judge gave no answer within 30 s; row left ungraded' });
    expect(released).toBe(true);
  });

  it('refuses a custom judge without a version before judging anything', async () => {
    const judge: Judge = {
      ...functionJudge(() => 1, { version: 'v1' }),
      provenance: { judge: 'x', model: null, rubric_hash: null, settings: {}, version: null },
    };
    await expect(runJudge(rows(['a']), judge, { clock: fixedClock(NOW) })).rejects.toThrow(JudgeConfigError);
    expect(() => functionJudge(() => 1, { version: ' ' })).toThrow(/needs a version/);
  });

  it('lifts failure_class, unsure, markers and span onto the grade', async () => {
    const judge = functionJudge(
      () => ({
        reward: 0,
        failure_class: 'tone',
        unsure: true,
        markers: { polite: 0 },
        span: { message_index: 1, start: 0, end: 4 },
        note: 'x',
      }),
      { version: 'v1' },
    );
    const [graded] = await runJudge(rows(['rude']), judge, { clock: fixedClock(NOW) });
    expect(graded!.grade).toMatchObject({ failure_class: 'tone', unsure: true, span: { message_index: 1, start: 0, end: 4 } });
    expect(graded!.markers).toEqual({ polite: 0 });
    expect(graded!.judge_meta).toEqual({ note: 'x' });
  });

  it('respects a judge that takes one row at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const judge: Judge = {
      ...functionJudge(
        async () => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await Promise.resolve();
          inFlight -= 1;
          return 1;
        },
        { version: 'v1' },
      ),
      max_concurrency: 1,
    };
    await runJudge(rows(['a', 'b', 'c', 'd']), judge, { clock: fixedClock(NOW), concurrency: 4 });
    expect(most).toBe(1);
  });
});

describe('conduct judge', () => {
  it('grades the fixtures with conduct provenance, failure classes and spans', async () => {
    const graded = await runJudge(
      CONDUCT_FIXTURES.map((fixture) => fixture.row),
      conductJudge,
      { clock: fixedClock(NOW), declared_tools: DECLARED_TOOLS },
    );
    graded.forEach((item, index) => {
      const fixture = CONDUCT_FIXTURES[index]!;
      expect(() => Grade.parse(item.grade)).not.toThrow();
      expect(item.grade).toMatchObject({ reward: fixture.reward, reason: fixture.reason, judge_status: 'ok', label_source: 'conduct' });
      expect(item.grade.failure_class).toBe(fixture.reward === 1 ? null : fixture.rule);
      expect(item.grade.span === null).toBe(fixture.span_text === null);
      expect(item.judge_meta).toMatchObject({ rule: fixture.rule, fault_detected: fixture.fault_detected });
      expect(item.grade.provenance).toEqual(CONDUCT_PROVENANCE);
    });
    const invented = graded[CONDUCT_FIXTURES.findIndex((fixture) => fixture.rule === 'invented_reference')]!;
    expect(invented.grade.span?.tool_call_id).toBe('call_1');
    expect(CONDUCT_PROVENANCE).toMatchObject({ judge: 'conduct', model: null, settings: {}, version: 'conduct@1' });
    expect(CONDUCT_PROVENANCE.rubric_hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives byte-identical grades at any concurrency', async () => {
    const all = CONDUCT_FIXTURES.map((fixture) => fixture.row);
    const one = await runJudge(all, conductJudge, { clock: fixedClock(NOW), declared_tools: DECLARED_TOOLS, concurrency: 1 });
    const many = await runJudge(all, conductJudge, { clock: fixedClock(NOW), declared_tools: DECLARED_TOOLS, concurrency: 16 });
    expect(JSON.stringify(many)).toBe(JSON.stringify(one));
  });
});

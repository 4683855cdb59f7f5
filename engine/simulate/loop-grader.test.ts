import { describe, expect, it } from 'vitest';
import type { Spec } from '../../shared/domain';
import { fixedClock } from '../grade/judges/judge-clock';
import { functionJudge, type JudgeFunction } from '../grade/judges/function-judge';
import { stableJson } from '../seeded';
import { draftSpec } from '../spec/draft-spec';
import { judgeInLoop, type LoopGrade } from './loop-grader';
import { runOffline } from './__fixtures__/run-offline';
import type { SimulateOptions } from './simulate-options';

const SEED = 6;
const SPEC: Spec = draftSpec('an orders desk that confirms before refunding', { seed: SEED }).spec;
const CLOCK = fixedClock('2026-01-01T00:00:00.000Z');

/** A team's own check: a reply that ends on a question fails; a reply after a tool fault must say so (a marker). */
const teamCheck: JudgeFunction = (row) => {
  const askedBack = /\?\s*$/.test(row.final_text.trim());
  return { reward: askedBack ? 0 : 1, reason: askedBack ? 'ended on a question' : 'answered', ordinal: row.ordinal };
};

function grader(check: JudgeFunction, calls?: number[]) {
  const judge = functionJudge(
    (row, context) => {
      calls?.push(row.ordinal);
      return check(row, context);
    },
    { version: 'v1', name: 'team-check' },
  );
  return judgeInLoop(judge, { clock: CLOCK, timeout_ms: null, declared_tools: SPEC.tools.map((tool) => tool.name) });
}

const run = (overrides: Partial<SimulateOptions>) => runOffline({ spec: SPEC, seed: SEED, budget: 120, ...overrides });

describe('the run grader in the loop', () => {
  it('grades every row as it lands, and its failures are the ones mutations and search count, the same at any concurrency', async () => {
    const [one, eight] = await Promise.all([1, 8].map((concurrency) => run({ grader: grader(teamCheck), concurrency })));
    expect(stableJson(one!.rows)).toBe(stableJson(eight!.rows));
    const { rows, grades, summary } = eight!;
    expect(grades.size).toBe(rows.length);
    for (const row of rows) {
      const grade = grades.get(row.ordinal)!;
      expect(grade.reward).toBe((teamCheck(row, undefined as never) as { reward: number }).reward);
      expect(grade).toMatchObject({ judge_status: 'ok', label_source: 'custom', provenance: { judge: 'team-check', version: 'v1' } });
      expect(grade.judge_meta).toMatchObject({ ordinal: row.ordinal });
    }
    const mutations = rows.filter((row) => row.writer === 'failure_mutation');
    expect(mutations.length).toBeGreaterThan(0);
    for (const mutation of mutations) {
      const parent = grades.get(mutation.lineage.mutated_from!)!;
      if (mutation.lineage.aim === 'graded_failure') expect(parent.reward).toBe(0);
    }
    expect(mutations.some((row) => row.lineage.aim === 'graded_failure')).toBe(true);
    const failures = rows.filter((row) => grades.get(row.ordinal)!.reward === 0).length;
    expect(summary.search.grader).toEqual({ judge_name: 'team-check', version: 'v1', rows: rows.length, failures, unjudged: 0 });
    expect(summary.search.mutation_aims.graded_failure).toBe(mutations.filter((row) => row.lineage.aim === 'graded_failure').length);
  });

  it('counts a failed rubric criterion as a graded failure even when the reward passes', async () => {
    const criteria: JudgeFunction = () => ({ reward: 0.8, markers: { cites_order: 0, polite: 1 } });
    const { rows, grades, summary } = await run({ grader: grader(criteria), budget: 60 });
    expect(summary.search.grader?.failures).toBe(rows.length);
    expect(grades.get(0)!.judge_meta).toMatchObject({ markers: { cites_order: 0, polite: 1 } });
    expect(rows.some((row) => row.lineage.aim === 'graded_failure')).toBe(true);
  });

  it('gives a row the grader erred on no reward (never a 0) and never mutates it as a graded failure', async () => {
    const flaky: JudgeFunction = (row) => {
      if (row.ordinal % 3 === 0) throw new Error(`no answer for row ${row.ordinal}`);
      return 1;
    };
    const { rows, grades, summary } = await run({ grader: grader(flaky) });
    expect(summary.stopped_because).toBe('budget');
    const erred = rows.filter((row) => row.ordinal % 3 === 0);
    for (const row of erred) expect(grades.get(row.ordinal)).toMatchObject({ reward: null, judge_status: 'error' });
    expect(summary.search.grader).toMatchObject({ unjudged: erred.length, failures: 0 });
    expect(rows.filter((row) => row.lineage.aim === 'graded_failure')).toEqual([]);
  });

  it('stops the run with grader_failed when the grader fails each of its first rows the same way', async () => {
    const broken: JudgeFunction = () => {
      throw new Error('rubric.yaml not found');
    };
    const { rows, summary } = await run({ grader: grader(broken), budget: 400 });
    expect(summary.stopped_because).toBe('grader_failed');
    expect(rows.length).toBeLessThan(400);
    expect(summary.warnings[0]).toBe(
      'The run stopped early: The judge failed on each of the first 8 rows with the same error, so the run stopped: rubric.yaml not found',
    );
  });

  it('resumes with the grades stored with its rows, grading only the rows it had none for', async () => {
    const whole = await run({ grader: grader(teamCheck) });
    const stored = new Map(whole.rows.slice(0, 40).map((row) => [row.ordinal, row]));
    const storedGrades = new Map<number, LoopGrade>(
      whole.rows.slice(0, 30).map((row) => [row.ordinal, { grade: whole.grades.get(row.ordinal)!, markers: null }]),
    );
    const calls: number[] = [];
    const resumed = await run({
      grader: grader(teamCheck, calls),
      resume: { get: (ordinal) => stored.get(ordinal), grade: (ordinal) => storedGrades.get(ordinal) },
    });
    expect(stableJson(resumed.rows)).toBe(stableJson(whole.rows));
    expect(calls.filter((ordinal) => ordinal < 30)).toEqual([]);
    expect([...resumed.grades.keys()].filter((ordinal) => ordinal < 40).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, index) => 30 + index),
    );
    expect(resumed.summary.search.mutation_aims).toEqual(whole.summary.search.mutation_aims);
  });

  it('counts the aims of the situations that rolled out, not of a batch planned ahead that a cancel never started', async () => {
    const calls: number[] = [];
    const { rows, summary } = await run({ grader: grader(teamCheck, calls), concurrency: 1, isCancelled: () => calls.length >= 50 });
    expect(summary.stopped_because).toBe('cancelled');
    const aimed = (aim: string) => rows.filter((row) => row.rollout_index === 0 && row.lineage.aim === aim).length;
    expect(aimed('graded_failure')).toBeGreaterThan(0);
    expect(summary.search.mutation_aims).toEqual({ graded_failure: aimed('graded_failure'), world_fault: aimed('world_fault') });
  });

  it('without a grader keeps the conduct checks as the in-loop reward and yields no grade', async () => {
    const { grades, summary } = await run({ budget: 40 });
    expect(grades.size).toBe(0);
    expect(summary.search.grader).toBeUndefined();
  });
});

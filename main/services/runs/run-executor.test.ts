import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunConfig, type RunConfigInput } from '../../../shared/domain';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { iterateRows } from '../../store/rows/rows-repository';
import { executeRun } from './run-executor';
import { createRun, requireRun } from './runs-service';

const SENTENCE = 'a personal finance assistant that confirms before it moves money';
let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

function open(): { context: AppContext; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'while-executor-'));
  context = createAppContext({ dataDir: folder, mode: 'browser' });
  return { context, folder };
}

const configOf = (input: Omit<RunConfigInput, 'source'>) => RunConfig.parse({ source: { kind: 'describe', sentence: SENTENCE }, ...input });

/** Each stored row's grades, judge names oldest first. */
function gradesPerRow(db: AppContext['db'], runId: string): string[] {
  return (
    db.prepare('SELECT group_concat(judge_name) AS judges FROM grades WHERE run_id = ? GROUP BY row_id ORDER BY row_id').all(runId) as {
      judges: string;
    }[]
  ).map((row) => row.judges);
}

describe('executeRun', { timeout: 120_000 }, () => {
  it("grades each row with the run's grader once, across a cancel and a resume, after its conduct grade", async () => {
    const { context, folder } = open();
    writeFileSync(join(folder, 'length-grader.mjs'), 'export default (row) => (row.final_text.length > 120 ? 1 : 0);\n');
    const run = await createRun(context, configOf({ budget: 80, seed: 2, grader: { judge: 'module:length-grader.mjs', cwd: folder } }));
    expect(run.config.grader).toMatchObject({ judge: 'module:length-grader.mjs', cwd: folder, version: expect.stringMatching(/^sha-/) });

    let landed = 0;
    const first = await executeRun({ db: context.db, runId: run.id, isCancelled: () => landed >= 30, onRow: () => void landed++ });
    expect(first.stopped_because).toBe('cancelled');
    const resumed = await executeRun({ db: context.db, runId: run.id });
    expect(resumed.stopped_because).toBe('budget');
    expect(resumed.search.rollouts.resumed).toBeGreaterThanOrEqual(30);
    expect(resumed.search.grader).toMatchObject({ judge_name: 'length-grader', rows: 80 });
    const judges = gradesPerRow(context.db, run.id);
    expect(judges).toHaveLength(80);
    expect(new Set(judges)).toEqual(new Set(['conduct,length-grader']));
  });

  it('stores each row with its conduct grade when the run has no grader, so a new run is never ungraded', async () => {
    const { context } = open();
    const run = await createRun(context, configOf({ budget: 20 }));
    await executeRun({ db: context.db, runId: run.id });
    expect(gradesPerRow(context.db, run.id)).toEqual(Array.from({ length: 20 }, () => 'conduct'));
  });

  it('gives every person the patience asked for, mixes the hard share asked for, and reports both', async () => {
    const { context } = open();
    const run = await createRun(context, configOf({ budget: 120, seed: 5, patience: 'endless', hard_share: 0.7, avg_turns: 8 }));
    const summary = await executeRun({ db: context.db, runId: run.id });
    const rows = [...iterateRows(context.db, run.id)];
    expect(rows.every((row) => row.persona.patience === 'endless')).toBe(true);
    expect(rows.filter((row) => row.ended_by === 'user_left')).toEqual([]);
    expect(summary.search.tier_mix.hard_share_requested).toBe(0.7);
    expect(summary.search.tier_mix.hard_share_realized).toBeGreaterThan(0.55);
    expect(summary.coverage.delivered).toMatchObject({ hard_share_requested: 0.7, avg_turns: 8 });
    // The person speaks at most avg_turns // 2 = 4 times.
    expect(Math.max(...rows.map((row) => row.messages.filter((message) => message.role === 'user').length))).toBeLessThanOrEqual(4);
    expect(requireRun(context, run.id).config).toMatchObject({ patience: 'endless', hard_share: 0.7, avg_turns: 8 });
  });
});

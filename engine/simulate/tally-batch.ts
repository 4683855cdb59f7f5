import { WRITER_ARMS, type WriterArm } from '../../shared/domain';
import { isGradedFailure } from '../../shared/domain/verdict';
import { round4 } from '../../shared/domain/rounding';
import type { ConductVerdict } from '../grade/conduct/conduct-grade';
import type { ArmShares } from '../writers/arm-shares';
import { toolShapes } from './assemble-row';
import type { PlannedRollout } from './plan-batch';
import type { LoopGrade } from './loop-grader';
import type { Landing } from './roll-out';
import type { SimulationRun } from './simulation-run';
import type { SimulationBatch, SimulationEvent } from './simulation-outcome';

const zeroShares = (): ArmShares => Object.fromEntries(WRITER_ARMS.map((arm) => [arm, 0])) as ArmShares;

/** Each arm's share of the rows counted, to 4 dp (all 0 when there are none). */
export function sharesOf(rows: Readonly<ArmShares>): ArmShares {
  const total = WRITER_ARMS.reduce((sum, arm) => sum + rows[arm], 0);
  return Object.fromEntries(WRITER_ARMS.map((arm) => [arm, total === 0 ? 0 : round4(rows[arm] / total)])) as ArmShares;
}

/** What one batch found, row by row: the writers' bandit and the stop rule read it when the batch closes. */
export class BatchTally {
  readonly armRows = zeroShares();
  /** Rows of each arm that filled a new cell or showed a new behaviour signature (one each). */
  readonly armNew = zeroShares();
  newCells = 0;
  newSignatures = 0;
  newShapes = 0;
  landed = 0;

  /** Each arm's share of new finds per row, for the arms that landed a row this batch. */
  observedYields(): Partial<Record<WriterArm, number>> {
    const observed: Partial<Record<WriterArm, number>> = {};
    for (const arm of WRITER_ARMS) if (this.armRows[arm] > 0) observed[arm] = this.armNew[arm] / this.armRows[arm];
    return observed;
  }
}

/**
 * Counts one landed rollout into the run and the batch, and says what to report: a row, a lost rollout, or nothing
 * (a model stop, or a model wording that near-copies a source trace, which is dropped here: it is only known once
 * the card rolls out).
 */
export function tallyLanding(
  run: SimulationRun,
  tally: BatchTally,
  planned: PlannedRollout,
  landing: Landing,
): SimulationEvent | undefined {
  const { summary, state } = run;
  const { card, ordinal, group } = planned;
  // Counted here, not when planned: a batch planned ahead that a cancel never started aimed at nothing.
  if (planned.isSituationStart) summary.situation(card);
  if (landing.kind === 'stop') {
    summary.stopped(landing.error);
    return undefined;
  }
  if (landing.writer_error !== undefined) summary.writerError(card.arm, landing.writer_error);
  if (landing.kind === 'lost') {
    summary.lost(landing.reason, landing.error);
    return { type: 'lost', ordinal, reason: landing.reason, error: landing.error };
  }
  const { row } = landing;
  if (run.traced && !landing.resumed && row.prompt !== card.ask && run.traced.leakage.check(row.prompt)) return undefined;
  const shapes = toolShapes(row);
  const conduct = landing.grade ? undefined : run.options.conduct(row);
  const verdict = inLoopVerdict(landing.grade, conduct);
  const novelty = state.noteRow(row, {
    ordinal,
    scenario_id: row.situation.scenario_id,
    dimensions: row.situation.dimensions,
    ...verdict,
    shapes: shapes.shapes,
    world_fault: shapes.world_fault,
  });
  if (group !== undefined) run.groups?.landed(group, verdict.reward === null ? null : verdict.graded_failure, row.behavior_signature);
  run.saturation.noteRow(row.situation.dimensions, shapes.shapes, row.lineage.target_shape);
  summary.row(row, landing.resumed);
  tally.landed += 1;
  tally.armRows[card.arm] += 1;
  tally.armNew[card.arm] += Number(novelty.new_cell) + Number(novelty.new_signature);
  tally.newCells += Number(novelty.new_cell);
  tally.newSignatures += Number(novelty.new_signature);
  tally.newShapes += novelty.new_shapes;
  summary.graded(verdict, landing.grade?.grade);
  return {
    type: 'row',
    row,
    resumed: landing.resumed,
    duration_ms: landing.duration_ms,
    ...(landing.grade && landing.graded_now ? { grade: landing.grade.grade } : {}),
    ...(conduct ? { conduct } : {}),
  };
}

/** The run's in-loop reward: its grader's, when it has one (null when the grader gave none), else the conduct checks'. */
function inLoopVerdict(
  grade: LoopGrade | undefined,
  conduct: ConductVerdict | undefined,
): { reward: number | null; graded_failure: boolean } {
  const reward = grade ? grade.grade.reward : (conduct?.reward ?? null);
  return { reward, graded_failure: isGradedFailure(reward, grade?.markers) };
}

/** The batch's record, kept in the summary; the stop rule's flat-batch count moves on with it. */
export function closeBatch(run: SimulationRun, tally: BatchTally, round: number, plannedRows: number): SimulationBatch {
  const spaceRate = run.saturation.endBatch({
    rows: tally.landed,
    new_signatures: tally.newSignatures,
    new_cells: tally.newCells,
    new_shapes: tally.newShapes,
  });
  const record: SimulationBatch = {
    batch: round,
    rows: plannedRows,
    arm_weights: run.shares,
    arm_rows: tally.armRows,
    arm_shares: sharesOf(tally.armRows),
    arm_yield: tally.observedYields(),
    new_cells: tally.newCells,
    new_signatures: tally.newSignatures,
    pairwise: run.state.pairwise.summary(),
    new_shapes: tally.newShapes,
    space_rate: round4(spaceRate),
    plateau_batches: run.saturation.plateauBatches,
  };
  run.summary.batch(record);
  run.groups?.endBatch();
  return record;
}

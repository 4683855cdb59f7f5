import { AXES, type Dimensions, type Run, type Spec } from '../../../shared/domain';
import { pairwiseSummary, type SimulateOptions, type SimulationOutcome } from '../../../engine/index';
import type { Db } from '../../store/database';
import type { RunFill } from '../../store/runs/run-fills-repository';
import { fillRows } from '../../store/runs/run-fills-repository';
import type { RunUpdate } from '../../store/runs/runs-repository';
import { coveredPairs, runPlan } from '../coverage/coverage-plan';

/*
 * "Fill this cell" in place, as the executor runs it (main/services/coverage/fill-in-place.ts records it): the run's own
 * simulate call, resumed from its stored rows as any run is, changed in what a fill changes.
 */

/** The cell as a person reads it: `tool=issue_refund · stance=ordinary`. */
export function cellText(aim: Partial<Dimensions>): string {
  return AXES.filter((axis) => aim[axis] !== undefined)
    .map((axis) => `${axis}=${aim[axis]}`)
    .join(' · ');
}

/**
 * The simulate options a fill changes: its budget, the cell pinned (`aim`), rows numbered on from the run's last
 * (`first_ordinal`, so a resume replays the fill's own stored rows), a seed of its own (its situations are not the
 * run's first ones again), and nothing of the first run's stops, limits, traces or replays.
 */
export function fillSimulateOptions(fill: RunFill, run: Run): Partial<SimulateOptions> {
  return {
    budget: fill.budget,
    aim: { ...run.config.aim, ...fill.aim },
    first_ordinal: fill.first_ordinal,
    seed: (run.config.seed + fill.id * 7919) % 2 ** 31,
    until: 'compute',
    situations: undefined,
    time_budget: undefined,
    trace_aim: undefined,
    replay: undefined,
  };
}

/**
 * The run's record once a fill stops: its status and stop from the fill; the first run's summary and batches kept; its
 * pairwise coverage counted again over every stored row against its own plan; a warning that says what was added.
 */
export function fillEnding(db: Db, run: Run, spec: Spec, fill: RunFill, outcome: SimulationOutcome, ending: RunUpdate): RunUpdate {
  const plan = runPlan(run, spec);
  const { covered } = coveredPairs(db, run.id, plan);
  const added = fillRows(db, fill);
  const note =
    `Filled ${cellText(fill.aim)} in place: ${added} ${added === 1 ? 'row' : 'rows'} added from #${fill.first_ordinal}` +
    `${outcome.stopped_because === 'budget' ? '' : ` (stopped: ${outcome.stopped_because})`}.`;
  return {
    ...ending,
    degraded: [...new Set([...run.degraded, ...outcome.degraded])],
    warnings: [...new Set([...run.warnings, ...outcome.warnings, note])],
    pairwise: pairwiseSummary(plan.planned.size, covered.size),
  };
}

/** A fill that stopped for good is ended; one cancelled or failed stays to be resumed. */
export const isFillOver = (status: RunUpdate['status']): boolean => status === 'completed';

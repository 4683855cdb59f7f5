import type { Until, WriterArm } from '../../shared/domain';
import { planGrid, type GridPlan } from '../coverage/plan-grid';
import type { RunStopError } from '../models/run-stop-error';
import { sha256Hex, stableJson } from '../seeded';
import { aimWriters, type AimedWriters } from '../traces/aimed-writers';
import { createReplayWriter } from '../traces/replay-writer';
import { DEFAULT_AVG_TURNS, userTurnCap } from '../people/patience';
import { DEFAULT_LIMITS, type RolloutLimits } from '../rollout/run-rollout';
import { INITIAL_ARM_SHARES, type ArmShares } from '../writers/arm-shares';
import type { FaultPolicy } from '../writers/fault-policy';
import { INITIAL_TEMPLATE_SHARES } from '../writers/template-shares';
import type { Writer } from '../writers/writer';
import { RepeatGroups } from './repeat-groups';
import { runModeFor, type RunMode } from './run-mode';
import { SearchState } from './search-state';
import type { SimulateOptions } from './simulate-options';
import { SaturationState } from './stop-rule';
import { SummaryBuilder } from './summary-builder';

/** Rows per batch: a function of the budget only, so the plan never depends on concurrency. */
export function batchRows(budget: number): number {
  return Math.min(64, Math.max(8, Math.round(budget / 16)));
}

/**
 * Batches planned ahead of the results: batch k+1 is planned from the committed batches through k - PLAN_AHEAD, so
 * PLAN_AHEAD + 1 batches roll out at once and the pool stays full while a batch waits for its slowest rollout. A
 * constant, never a function of concurrency: the rows must not depend on it. Stop rules judge committed batches,
 * so a run stops up to PLAN_AHEAD batches after its rule is met (those batches were already rolling out).
 */
export const PLAN_AHEAD = 1;

/** How many rows and situations a batch holds, fixed for the run. */
export interface BatchSizes {
  /** A new situation's first rollouts; under a holding repeat policy the rest of k come later, where they tell something. */
  rowsPerSituation: number;
  rowsPerBatch: number;
  situationsPerBatch: number;
  /** Rows of a batch that earlier prompts' top-ups may take. */
  rerunRows: number;
}

/**
 * One `simulate` call: what is fixed once its options are read (the grid, the mode, the writers, the batch sizes)
 * and what the batches carry from one to the next (the writers' shares, the next ordinal, a stop request).
 */
export class SimulationRun {
  readonly mode: RunMode;
  readonly plan: GridPlan;
  readonly state: SearchState;
  readonly summary: SummaryBuilder;
  readonly saturation: SaturationState;
  /** Aimed at traces: the grid writer is steered at the failing situations and every writer sits behind the leak gate. */
  readonly traced: AimedWriters | undefined;
  readonly writers: ReadonlyMap<WriterArm, Writer>;
  /** Set when the repeat policy holds some of each prompt's k back. */
  readonly groups: RepeatGroups | undefined;
  readonly sizes: BatchSizes;
  readonly until: Until;
  readonly specSha: string;
  readonly clock: () => number;
  readonly isCancelled: () => boolean;
  readonly startedAt: number;
  readonly timeBudgetMs: number | undefined;
  /** The run's fault settings, as every writer applies them off the grid. */
  readonly faults: FaultPolicy;
  /** How long a conversation may run: the person's turns from `avg_turns`. */
  readonly limits: RolloutLimits;
  /**
   * A model writes situations (the run has an `llm_guided` writer): the SDK's five-arm bandit splits each batch.
   * Without one, the template writer's own two-arm split does, beside the loop's extra mutation and shape cards.
   */
  readonly modelWrites: boolean;

  shares: ArmShares;
  nextOrdinal = 0;
  situationsPlanned = 0;
  /** Rows planned in batches not yet committed: the budget they may still fill is not for a new batch. */
  rowsInFlight = 0;
  /** Set by the first auth or quota failure: no new rollout starts, and the run stops after those in flight. */
  stopRequest: RunStopError | undefined;

  constructor(readonly options: SimulateOptions) {
    const { spec } = options;
    // Replaying an earlier run's task set (`tasks=`): its situations and prompts, in order, and nothing new.
    const sourceWriters = options.replay ? [createReplayWriter(options.replay)] : options.writers;
    this.traced = options.trace_aim ? aimWriters(sourceWriters, options.trace_aim) : undefined;
    this.mode = runModeFor(options);
    const { settings } = this.mode;
    this.plan = planGrid(options.trace_aim?.axes ?? spec.axes, {
      seed: options.seed,
      fault_rate: settings.fault_rate,
      prefer_success: settings.prefer_success,
      ...(options.aim ? { aim: options.aim } : {}),
    });
    this.state = new SearchState(this.plan.planned);
    this.specSha = sha256Hex(stableJson(spec));
    this.writers = new Map((this.traced?.writers ?? sourceWriters).map((writer) => [writer.arm, writer]));
    this.sizes = batchSizes(options.budget, this.mode);
    this.groups = this.mode.initial_repeats < settings.repeats ? new RepeatGroups(settings.repeat_policy, settings.repeats) : undefined;
    // A replay runs its whole task set: stopping it early would leave tasks out of the comparison it exists for.
    this.until = options.replay ? 'compute' : (options.until ?? 'compute');
    this.saturation = new SaturationState(this.plan.cells, this.writers.has('behavior_targeted') && spec.tools.length > 0);
    this.isCancelled = options.isCancelled ?? (() => false);
    this.clock = options.clock ?? (() => 0);
    this.startedAt = this.clock();
    this.timeBudgetMs = options.time_budget === undefined ? undefined : options.time_budget * 1000;
    this.faults = {
      seed: options.seed,
      fault_rate: settings.fault_rate,
      prefer_success: settings.prefer_success,
      aimed_condition: options.aim?.tool_condition,
    };
    this.limits = options.limits ?? { ...DEFAULT_LIMITS, max_user_turns: userTurnCap(options.people?.avg_turns ?? DEFAULT_AVG_TURNS) };
    this.modelWrites = this.writers.has('llm_guided');
    this.shares = { ...(this.modelWrites ? INITIAL_ARM_SHARES : INITIAL_TEMPLATE_SHARES) };
    this.summary = new SummaryBuilder(options, this.plan, this.mode, this.limits.max_user_turns);
    this.nextOrdinal = options.first_ordinal ?? 0;
  }

  /** Keeps the first stop request: a later one does not replace the reason the run stops for. */
  requestStop(error: RunStopError): void {
    this.stopRequest ??= error;
  }

  /** Rows of the budget no batch has planned yet: the committed rows and the open batches' rows are taken. */
  rowsLeft(): number {
    return this.options.budget - this.summary.landed() - this.rowsInFlight;
  }

  /** No new rollout starts: the run was cancelled or a model asked it to stop. */
  isStopping(): boolean {
    return this.isCancelled() || this.stopRequest !== undefined;
  }
}

function batchSizes(budget: number, mode: RunMode): BatchSizes {
  const rowsPerSituation = mode.settings.phrasings * mode.initial_repeats;
  const rowsPerBatch = batchRows(budget);
  return {
    rowsPerSituation,
    rowsPerBatch,
    situationsPerBatch: Math.max(1, Math.floor(rowsPerBatch / rowsPerSituation)),
    rerunRows: Math.max(1, Math.round(rowsPerBatch * mode.rerun_share)),
  };
}

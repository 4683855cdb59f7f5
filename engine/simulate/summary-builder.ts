import { round4 } from '../../shared/domain/rounding';
import { WRITER_ARMS, type Grade, type LoopGraderRecord, type Row, type StopReason, type Until, type WriterArm } from '../../shared/domain';
import type { GridPlan } from '../coverage/plan-grid';
import type { RunStopError } from '../models/run-stop-error';
import { HARD_SHARE, HARD_TIERS, tierOfStance } from '../people/tiers';
import { stableJson } from '../seeded';
import type { ArmShares } from '../writers/arm-shares';
import { DeliveredTally } from './delivered';
import type { SituationCard } from '../writers/situation-card';
import type { RunMode } from './run-mode';
import type { SearchState } from './search-state';
import type { SimulateOptions } from './simulate-options';
import type { SimulationBatch, SimulationOutcome } from './simulation-outcome';
import { SATURATION_COPIES, type SaturationState } from './stop-rule';
import { sharesOf } from './tally-batch';

/** `DEAD_AGENT_MIN_ERRORS` / `_BUDGET_MULTIPLE`: the agent is called off after this many losses with no row. */
const DEAD_AGENT_MIN_ERRORS = 16;
const DEAD_AGENT_BUDGET_MULTIPLE = 2;
/** `search.writer_errors` keeps the latest this many (the last one always). */
const WRITER_ERRORS_KEPT = 20;

/** Counts what a run did as it goes, and words its warnings: the summary `simulate` returns. */
export class SummaryBuilder {
  #landed = 0;
  #resumed = 0;
  #rerolled = 0;
  #lost = 0;
  readonly #lostBy: Record<string, number> = {};
  #firstAgentError: string | null = null;
  readonly #writerErrors: string[] = [];
  readonly #mutationAims = { graded_failure: 0, world_fault: 0 };
  readonly #tiers: Record<string, number> = {};
  readonly #endedOnQuestion = { n: 0, user_left: 0 };
  readonly #scenarios = new Set<string>();
  readonly #batches: SimulationBatch[] = [];
  readonly #degraded = new Set<string>();
  #fallbackRows = 0;
  #firstUserError: string | null = null;
  #stop: RunStopError | undefined;
  readonly #armRows = Object.fromEntries(WRITER_ARMS.map((arm) => [arm, 0])) as ArmShares;
  #grader: LoopGraderRecord | undefined;
  readonly #delivered: DeliveredTally;

  constructor(
    private readonly options: SimulateOptions,
    private readonly plan: GridPlan,
    private readonly mode: RunMode,
    userTurnCap: number,
  ) {
    const faultCells = plan.cells.filter((cell) => Object.keys(cell.faults).length > 0).length;
    this.#delivered = new DeliveredTally({
      fault_rate: mode.settings.fault_rate,
      fault_share_planned: plan.cells.length === 0 ? 0 : faultCells / plan.cells.length,
      hard_share: this.#hardShareRequested(),
      avg_turns: options.people?.avg_turns,
      user_turn_cap: userTurnCap,
      stance_fixed: this.#isStanceFixed(),
    });
  }

  landed(): number {
    return this.#landed;
  }

  agentFailed(budget: number): boolean {
    return this.#landed === 0 && this.#lost >= Math.max(DEAD_AGENT_MIN_ERRORS, DEAD_AGENT_BUDGET_MULTIPLE * budget);
  }

  situation(card: SituationCard): void {
    if (card.lineage.aim) this.#mutationAims[card.lineage.aim] += 1;
  }

  row(row: Row, resumed: boolean): void {
    this.#landed += 1;
    this.#armRows[row.writer] += 1;
    this.#delivered.row(row);
    if (resumed) this.#resumed += 1;
    this.#scenarios.add(row.situation.scenario_id);
    if (row.degraded.includes('generator_fallback')) {
      this.#fallbackRows += 1;
      this.#degraded.add('generator_fallback');
    }
    const tier = tierOfStance(row.situation.dimensions.stance);
    this.#tiers[tier] = (this.#tiers[tier] ?? 0) + 1;
    if (row.ended_by === 'user_left' || row.ended_by === 'max_turns') {
      this.#endedOnQuestion.n += 1;
      if (row.ended_by === 'user_left') this.#endedOnQuestion.user_left += 1;
    }
  }

  /** A landed row's in-loop verdict; `grade` when the run's grader gave it. */
  graded(verdict: { reward: number | null; graded_failure: boolean }, grade: Grade | undefined): void {
    if (!grade) return;
    this.#grader ??= { judge_name: grade.provenance.judge, version: grade.provenance.version, rows: 0, failures: 0, unjudged: 0 };
    this.#grader.rows += 1;
    if (verdict.reward === null) this.#grader.unjudged += 1;
    else if (verdict.graded_failure) this.#grader.failures += 1;
  }

  rerolled(_reason: string): void {
    this.#rerolled += 1;
  }

  lost(reason: string, error: string): void {
    this.#lost += 1;
    this.#lostBy[reason] = (this.#lostBy[reason] ?? 0) + 1;
    if (reason === 'agent_error') {
      this.#degraded.add('agent_errors');
      this.#firstAgentError ??= error;
    } else if (reason === 'user_error') {
      this.#degraded.add('user_errors');
      this.#firstUserError ??= error;
    }
  }

  writerError(arm: WriterArm, error: unknown): void {
    const text = `${arm}: ${error instanceof Error ? error.message : String(error)}`;
    if (this.#writerErrors.at(-1) === text) return;
    this.#writerErrors.push(text);
    if (this.#writerErrors.length > WRITER_ERRORS_KEPT) this.#writerErrors.shift();
  }

  /** The first auth or quota failure that ended the run (later ones say the same). */
  stopped(error: RunStopError): void {
    this.#stop ??= error;
    if (error.side === 'writer' && this.#stop === error) this.#writerErrors.push(error.message);
  }

  batch(record: SimulationBatch): void {
    this.#batches.push(record);
  }

  #warnings(): string[] {
    const warnings: string[] = [...this.mode.warnings];
    const { options } = this;
    const { phrasings, repeats } = this.mode.settings;
    if (options.situations !== undefined) {
      const needed = options.situations * phrasings * repeats;
      if (options.budget < needed) {
        warnings.push(
          `The budget (${options.budget} rows) is smaller than situations × phrasings × repeats ` +
            `(${options.situations} × ${phrasings} × ${repeats} = ${needed}): later situations never roll ` +
            `out. Raise the budget or lower situations.`,
        );
      }
    }
    if (this.#lost > 0) {
      const firstUser = this.#firstUserError === null ? '' : `; first simulated-user error: ${this.#firstUserError}`;
      warnings.push(
        `${this.#lost} rollouts were lost (${Object.entries(this.#lostBy)
          .map(([reason, n]) => `${reason} ${n}`)
          .join(', ')}); first agent error: ${this.#firstAgentError ?? 'none'}${firstUser}.`,
      );
    }
    if (this.#fallbackRows > 0) {
      warnings.push(
        `The model writer failed on ${this.#fallbackRows} of ${this.#landed} rows and the offline ` +
          `template writer wrote them (writer_model "template"); last error: ` +
          `${this.#writerErrors.at(-1) ?? 'unknown'}.`,
      );
    }
    if (this.#rerolled > this.#landed && this.#landed > 0) {
      warnings.push(
        `More rollouts were re-rolled (${this.#rerolled}) than landed (${this.#landed}): check the agent before trusting these rows.`,
      );
    }
    if (this.options.spec.tools.length === 0)
      warnings.push('The spec declares no tools: rows exercise conversation only, and the world is never called.');
    return warnings;
  }

  /** The run's `hard_share` (HARD_SHARE unless set), or all or nothing when the run is aimed at one stance (aimed at `ordinary`: 0). */
  #hardShareRequested(): number {
    const stance = this.options.aim?.stance;
    if (stance === undefined) return this.options.people?.hard_share ?? HARD_SHARE;
    return (HARD_TIERS as readonly string[]).includes(tierOfStance(stance)) ? 1 : 0;
  }

  /** An aimed run ("fill this cell" on a stance) or a replay fixes each row's stance: no mix was asked for. */
  #isStanceFixed(): boolean {
    return this.options.aim?.stance !== undefined || this.options.replay !== undefined;
  }

  /** `stop.predicted`: rows still needed to saturate (SaturationState.predictedToSaturation, capped by the budget left). */
  finish(
    stoppedBecause: StopReason,
    state: SearchState,
    shares: ArmShares,
    stop: {
      until: Until;
      saturation: SaturationState;
      predicted: number;
      groups?: NonNullable<SimulationOutcome['search']['repeat_groups']> | undefined;
    },
  ): SimulationOutcome {
    const { saturation } = stop;
    const counts = state.counts();
    const minCellCopies = saturation.minCellCopies();
    const visited = this.plan.cells.filter((cell) => state.hasCell(stableJson(cell.dimensions))).length;
    const hard = HARD_TIERS.reduce((sum, tier) => sum + (this.#tiers[tier] ?? 0), 0);
    const modelWriter = this.options.writers.map((writer) => writer.report?.()).find((report) => report !== undefined);
    const search: SimulationOutcome['search'] = {
      batches: this.#batches,
      arm_weights: shares,
      arm_rows: this.#armRows,
      arm_shares: sharesOf(this.#armRows),
      writer_errors: this.#writerErrors,
      rollouts: { landed: this.#landed, resumed: this.#resumed, rerolled: this.#rerolled, lost: this.#lost, lost_by: this.#lostBy },
      first_agent_error: this.#firstAgentError,
      mutation_aims: this.#mutationAims,
      tier_mix: {
        hard_share_requested: this.#hardShareRequested(),
        hard_share_realized: this.#landed === 0 ? null : round4(hard / this.#landed),
        counts: this.#tiers,
      },
      ended_on_question: this.#endedOnQuestion,
      ...(this.#grader ? { grader: this.#grader } : {}),
      grid: { cells: this.plan.cells.length, flipped: this.plan.flipped },
      plateau_batches: saturation.plateauBatches,
      min_cell_copies: minCellCopies,
      copy_deficit: saturation.copyDeficit(),
      copies_needed: SATURATION_COPIES,
      uncovered_shapes: saturation.uncoveredShapes(),
      ...(stop.groups ? { repeat_groups: stop.groups } : {}),
      ...(modelWriter ? { model_writer: modelWriter } : {}),
    };
    const { settings } = this.mode;
    const notes = this.options.notes?.() ?? { degraded: [], warnings: [] };
    return {
      rows: this.#landed,
      stopped_because: stoppedBecause,
      degraded: [...new Set([...this.#degraded, ...(this.#delivered.isStarved() ? ['followups_starved'] : []), ...notes.degraded])].sort(),
      warnings: [
        ...(this.#stop ? [`The run stopped early: ${this.#stop.message}`] : []),
        ...notes.warnings,
        ...this.#delivered.warnings(),
        ...this.#warnings(),
      ],
      coverage: {
        pairwise: state.pairwise.summary(),
        rows: this.#landed,
        unique_scenario_ids: this.#scenarios.size,
        unique_cells: counts.unique_cells,
        unique_signatures: counts.unique_signatures,
        unique_prompts: counts.unique_prompts,
        cells_unvisited: this.plan.cells.length - visited,
        until: stop.until,
        saturation: stoppedBecause === 'saturation',
        predicted_to_saturation: stop.predicted,
        min_cell_copies: minCellCopies,
        copies_needed: SATURATION_COPIES,
        mode: settings.mode,
        repeat_policy: settings.repeat_policy,
        requests_per_situation: settings.phrasings,
        rollouts_per_request: settings.repeats,
        fault_rate: settings.fault_rate,
        prefer_success: settings.prefer_success,
        mode_defaults: settings.from_mode,
        ...(this.options.time_budget === undefined ? {} : { time_budget: this.options.time_budget }),
        delivered: this.#delivered.figures(),
      },
      search,
    };
  }
}

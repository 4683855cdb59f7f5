import type { ConductVerdict } from '../grade/conduct/conduct-grade';
import type { BatchRecord, CoverageSummary, Grade, Row, SearchRecord, SimulationSummary, Until } from '../../shared/domain';

/** The stop rule's figures per batch (SDK-REFERENCE 5.4). */
export interface BatchSaturation {
  new_shapes: number;
  /** (new signatures + new cells + new action shapes) / rows landed in the batch, to 4 dp. */
  space_rate: number;
  /** Flat batches in a row so far, this one included. */
  plateau_batches: number;
}

/** The stop rule's figures in `coverage` (SDK names, SDK-REFERENCE 5.2). */
export interface CoverageSaturation {
  until: Until;
  /** stopped_because == "saturation". */
  saturation: boolean;
  /** Rows the run would still need to saturate, capped by the budget left. */
  predicted_to_saturation: number;
  min_cell_copies: number;
  /** SATURATION_COPIES. */
  copies_needed: number;
}

/** The stop rule's figures in `search` (SDK names, SDK-REFERENCE 22). */
export interface SearchSaturation {
  plateau_batches: number;
  min_cell_copies: number;
  copy_deficit: number;
  copies_needed: number;
  /** Action shapes the behaviour-targeted writer aimed at and no row showed. */
  uncovered_shapes: string[];
}

export type SimulationBatch = BatchRecord & BatchSaturation;

/**
 * What `simulate` returns: the stored SimulationSummary plus the stop rule's figures. Until those fields are in
 * `shared/domain/simulation.ts` the store keeps them in its JSON columns and reading drops them.
 */
export type SimulationOutcome = Omit<SimulationSummary, 'coverage' | 'search'> & {
  coverage: CoverageSummary & CoverageSaturation;
  search: Omit<SearchRecord, 'batches'> & SearchSaturation & { batches: SimulationBatch[] };
};

/** What `simulate` yields as it goes: each row in plan order (with its new grade), each lost rollout, and each batch once it closes. */
export type SimulationEvent =
  /**
   * `grade`: the run's grader's new grade of the row, to be stored after the row's conduct grade. `conduct`: the
   * conduct checks' verdict when the loop ran them (a run without a grader), for that conduct grade.
   */
  | { type: 'row'; row: Row; resumed: boolean; duration_ms: number; grade?: Grade; conduct?: ConductVerdict }
  | { type: 'lost'; ordinal: number; reason: string; error: string }
  | { type: 'batch'; record: SimulationBatch; rows: number; budget: number };

import type { Mode, ModelWriterReport, Persona, Spec, WriterArm } from '../../shared/domain';
import type { GridPlan } from '../coverage/plan-grid';
import type { FaultPolicy } from './fault-policy';
import type { SearchView } from './search-view';
import type { SituationCard } from './situation-card';

export interface WriterRequest {
  /** How many new situations this arm may propose this batch. */
  count: number;
  /** n: each situation is worded this many times (one card per phrasing). */
  phrasings: number;
  round: number;
  seed: number;
  spec: Spec;
  plan: GridPlan;
  state: SearchView;
  /** The run's mode: rl ranks the grid with its own cell weights. Unset: explore. */
  mode?: Mode;
  /** The run's fault settings: every coordinate a writer builds off the grid gets its faults from them. */
  faults: FaultPolicy;
  /** Who the people are (`hard_share=`, `patience=`); unset: the SDK's defaults. */
  people?: PeopleSettings;
  /** Awaited between the situations a writer words, so the run's calls in flight are answered meanwhile (SimulateOptions.pause). */
  pause?: () => Promise<void>;
}

/** The people dials of a run (SDK-REFERENCE 7). */
export interface PeopleSettings {
  /** Share of the grid writer's situations drawn from the hard tiers (HARD_SHARE 0.40). */
  hard_share?: number;
  /** Every person's patience; unset: each person's own, from their stance and pressure. */
  patience?: Persona['patience'];
}

/**
 * One of the five arms that compete for the budget. It proposes situations, each as `phrasings` cards,
 * and returns fewer (or none) when it has nothing new to offer; the batch gives its slots to `structured`.
 */
export interface Writer {
  readonly arm: WriterArm;
  /** `template` offline, else the model that writes. */
  readonly model: string;
  propose(request: WriterRequest): Promise<SituationCard[][]>;
  /** What a model that writes situations wrote and dropped (`search.model_writer`); template writers have none. */
  report?(): ModelWriterReport;
}

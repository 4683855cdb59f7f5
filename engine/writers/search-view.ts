import type { Dimensions } from '../../shared/domain';

/** A finished rollout as the writers see it: where it happened and how it went. */
export interface RolloutOutcome {
  ordinal: number;
  scenario_id: string;
  dimensions: Dimensions;
  /** The in-loop reward: the run's grader's, else the conduct checks'; null when the grader gave none (it erred). */
  reward: number | null;
  /** A reward below 0.5 or a failed rubric criterion (a marker below 0.5). */
  graded_failure: boolean;
  /** Tool and status of each call, e.g. `get_order:not_found`. */
  shapes: readonly string[];
  /** A tool answered with a fault or a refusal. */
  world_fault: boolean;
}

/** What writers may read of the search so far. Writers never mutate it; the simulation loop does. */
export interface SearchView {
  /** How many situations each scenario id has been used for. */
  uses(scenarioId: string): number;
  /** Planned pairs not yet covered by produced rows. */
  isPairCovered(pair: string): boolean;
  hasShape(shape: string): boolean;
  /** Rollouts that were graded failures or whose tools faulted, oldest first, not yet mutated. */
  mutationCandidates(): readonly RolloutOutcome[];
  /** Probes used so far, per probe kind. */
  probeUses(kind: string): number;
}

import type { Dimensions } from '../../shared/domain';

/** A finished rollout as the writers see it: where it happened and how it went. */
export interface RolloutOutcome {
  ordinal: number;
  scenario_id: string;
  dimensions: Dimensions;
  /** In-loop conduct reward (never stored as a grade): below 0.5 is a graded failure. */
  reward: number;
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
  /** Rollouts whose conduct failed or whose tools faulted, oldest first, not yet mutated. */
  mutationCandidates(): readonly RolloutOutcome[];
  /** Probes used so far, per probe kind. */
  probeUses(kind: string): number;
}

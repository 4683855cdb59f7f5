import type { Row } from '../../shared/domain';
import { PairwiseTracker } from '../coverage/pairwise-coverage';
import { stableJson } from '../seeded';
import type { RolloutOutcome, SearchView } from '../writers/search-view';

/** What one landed row added to the search: what the arm bandit and the stop rules count. */
export interface Novelty {
  new_cell: boolean;
  new_signature: boolean;
  new_shapes: number;
  new_pairs: number;
}

/** The search's memory across batches. Only the simulation loop writes it; writers read it as a SearchView. */
export class SearchState implements SearchView {
  readonly pairwise: PairwiseTracker;
  readonly #uses = new Map<string, number>();
  readonly #cells = new Set<string>();
  readonly #signatures = new Set<string>();
  readonly #shapes = new Set<string>();
  readonly #prompts = new Set<string>();
  readonly #probes = new Map<string, number>();
  readonly #candidates: RolloutOutcome[] = [];
  readonly #mutated = new Set<number>();

  constructor(planned: ReadonlySet<string>) {
    this.pairwise = new PairwiseTracker(planned);
  }

  uses(scenarioId: string): number {
    return this.#uses.get(scenarioId) ?? 0;
  }

  isPairCovered(pair: string): boolean {
    return this.pairwise.isCovered(pair);
  }

  hasShape(shape: string): boolean {
    return this.#shapes.has(shape);
  }

  mutationCandidates(): readonly RolloutOutcome[] {
    return this.#candidates.filter((candidate) => !this.#mutated.has(candidate.ordinal));
  }

  probeUses(kind: string): number {
    return this.#probes.get(kind) ?? 0;
  }

  /** A situation was planned: its cell, probe kind or mutation parent is now used. */
  noteSituation(scenarioId: string, lineage: Row['lineage']): void {
    this.#uses.set(scenarioId, this.uses(scenarioId) + 1);
    if (lineage.probe) this.#probes.set(lineage.probe, this.probeUses(lineage.probe) + 1);
    if (lineage.mutated_from !== undefined) this.#mutated.add(lineage.mutated_from);
  }

  /** A row landed; returns what it added. */
  noteRow(row: Row, outcome: RolloutOutcome): Novelty {
    const cell = stableJson(row.situation.dimensions);
    const novelty: Novelty = {
      new_cell: !this.#cells.has(cell),
      new_signature: !this.#signatures.has(row.behavior_signature),
      new_shapes: outcome.shapes.filter((shape) => !this.#shapes.has(shape)).length,
      new_pairs: this.pairwise.add(row.situation.dimensions),
    };
    this.#cells.add(cell);
    this.#signatures.add(row.behavior_signature);
    for (const shape of outcome.shapes) this.#shapes.add(shape);
    this.#prompts.add(row.prompt);
    if (outcome.graded_failure || outcome.world_fault) this.#candidates.push(outcome);
    return novelty;
  }

  counts(): { unique_cells: number; unique_signatures: number; unique_prompts: number } {
    return { unique_cells: this.#cells.size, unique_signatures: this.#signatures.size, unique_prompts: this.#prompts.size };
  }

  hasCell(cell: string): boolean {
    return this.#cells.has(cell);
  }
}

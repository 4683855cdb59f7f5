import type { CoveringAxis } from '../../coverage/covering-types';

/** What a model's array is measured against. */
export interface BenchReference {
  /** PICT's fewest rows over 100 seeds; absent where PICT was not run. */
  readonly pictMin?: number;
  readonly pictMedian?: number;
  /** The best known size: for a uniform model of k axes of v values, the best upper bound on CAN(2, k, v). */
  readonly bestKnown?: number;
}

/** The models of ../shared/bench/covering/models, with the figures of its README (PICT over 100 seeds; best known). */
export const SHARED_REFERENCES: Readonly<Record<string, BenchReference>> = {
  u2_10: { pictMin: 8, pictMedian: 8, bestKnown: 6 },
  u3_4: { pictMin: 9, pictMedian: 11, bestKnown: 9 },
  u3_13: { pictMin: 18, pictMedian: 20, bestKnown: 15 },
  u4_15: { pictMin: 34, pictMedian: 35, bestKnown: 26 },
  u5_10: { pictMin: 45, pictMedian: 47, bestKnown: 36 },
  u6_6: { pictMin: 50, pictMedian: 53, bestKnown: 41 },
  u10_10: { pictMin: 164, pictMedian: 167, bestKnown: 115 },
  'm5_1-3_8-2_2': { pictMin: 19, pictMedian: 22, bestKnown: 15 },
  'm6_4-4_3-2_5': { pictMin: 47, pictMedian: 50 },
  agent_small: { pictMin: 58, pictMedian: 61 },
  agent_large: { pictMin: 300, pictMedian: 300, bestKnown: 300 },
};

/** A uniform model the bench builds itself: `axes` axes of `levels` values, named u{levels}_{axes} like the shared ones. */
export interface GeneratedModel {
  readonly levels: number;
  readonly axes: number;
  readonly bestKnown: number;
  /** The construction Colbourn's table credits with the best known size. */
  readonly source: string;
}

/**
 * Uniform models like the shared ones (strength 2, up to 30 axes of up to 20 values), on which PICT was not run.
 * Best known sizes: Colbourn's covering array tables, t = 2, status of November 2024 (the public site has since
 * gone; the CAs R package keeps that snapshot as colbournBigFrame, and github.com/chrispbsmolen/ca-tools as
 * colbourn_catalogue.csv, from which these were read). Each is the table's N for the smallest k it lists at or
 * above the model's axes.
 */
export const GENERATED_MODELS: readonly GeneratedModel[] = [
  { levels: 20, axes: 7, bestKnown: 423, source: 'add factor, Avila-George, Torres-Jimenez, Izquierdo-Marquez' },
  { levels: 20, axes: 10, bestKnown: 427, source: 'add factor, Avila-George, Torres-Jimenez, Izquierdo-Marquez' },
  { levels: 20, axes: 20, bestKnown: 451, source: 'add factor, Avila-George, Torres-Jimenez, Izquierdo-Marquez' },
  { levels: 20, axes: 30, bestKnown: 590, source: 'projection (Colbourn), post-optimised (Nayeri, Colbourn, Konjevod)' },
  { levels: 5, axes: 15, bestKnown: 40, source: 'cover starter (Colbourn, Torres-Jimenez)' },
  { levels: 3, axes: 30, bestKnown: 18, source: 'CA extender (Torres-Jimenez, Acevedo-Juarez, Avila-George)' },
  { levels: 7, axes: 12, bestKnown: 71, source: 'two fixed symbols (Lobb, Colbourn, Danziger, Stevens, Torres-Jimenez), post-optimised' },
];

export function generatedName(model: GeneratedModel): string {
  return `u${model.levels}_${model.axes}`;
}

export function uniformAxes(levels: number, count: number): CoveringAxis[] {
  return Array.from({ length: count }, (_, axis) => ({
    name: `p${axis + 1}`,
    values: Array.from({ length: levels }, (_, value) => `v${value}`),
  }));
}

import type { TupleSpace } from './tuple-space';

/**
 * For strength 2: where the tuples of the axis pair (own, other) start and what one value step of
 * each axis adds, indexed own * axisCount + other, so a cell change needs no combo lookup.
 */
export class PairIndex {
  readonly axisCount: number;
  readonly base: Int32Array;
  readonly ownStride: Int32Array;
  readonly otherStride: Int32Array;

  constructor(space: TupleSpace) {
    const axisCount = space.axisCount;
    this.axisCount = axisCount;
    this.base = new Int32Array(axisCount * axisCount);
    this.ownStride = new Int32Array(axisCount * axisCount);
    this.otherStride = new Int32Array(axisCount * axisCount);
    for (let combo = 0; combo < space.comboCount; combo++) {
      const left = space.comboColumns[combo * 2]!;
      const right = space.comboColumns[combo * 2 + 1]!;
      const leftStride = space.comboStrides[combo * 2]!;
      const rightStride = space.comboStrides[combo * 2 + 1]!;
      for (const [own, other, ownStride, otherStride] of [
        [left, right, leftStride, rightStride],
        [right, left, rightStride, leftStride],
      ] as const) {
        this.base[own * axisCount + other] = space.comboStart[combo]!;
        this.ownStride[own * axisCount + other] = ownStride;
        this.otherStride[own * axisCount + other] = otherStride;
      }
    }
  }
}

import { cosine, hashedVector, type HashedVector } from '../../traces/trace-leakage';

/** Cosine (hashed word uni- and bigrams) at or above which a new ask near-copies an earlier one. */
export const NEAR_COPY_SIMILARITY = 0.9;

export type AskVerdict = 'new' | 'duplicate' | 'near_copy';

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The asks the model writer has kept, in order: a new ask that repeats one (same words, case and punctuation
 * aside) is a duplicate, one at NEAR_COPY_SIMILARITY or above is a near copy. Both are dropped by the writer.
 */
export class AskMemory {
  readonly #normals = new Set<string>();
  readonly #vectors: HashedVector[] = [];
  readonly #asks: string[] = [];

  verdict(ask: string): AskVerdict {
    if (this.#normals.has(normal(ask))) return 'duplicate';
    const vector = hashedVector(ask);
    return this.#vectors.some((earlier) => cosine(vector, earlier) >= NEAR_COPY_SIMILARITY) ? 'near_copy' : 'new';
  }

  remember(ask: string): void {
    this.#normals.add(normal(ask));
    this.#vectors.push(hashedVector(ask));
    this.#asks.push(ask);
  }

  get size(): number {
    return this.#asks.length;
  }

  /** The kept asks from position `from` on, at most the last `limit` of them. */
  recent(from: number, limit: number): string[] {
    return this.#asks.slice(Math.max(from, this.#asks.length - limit));
  }
}

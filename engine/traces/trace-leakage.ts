import { round4 } from '../../shared/domain/rounding';
import { TRACE_LEAK_EXAMPLES, TRACE_LEAK_THRESHOLD } from './constants';

/** Buckets of the hashed n-gram space (2^18): collisions are rare at ask length. */
const BUCKETS = 1 << 18;

/** 32-bit FNV-1a: a fixed, fast hash, so a vector never depends on the run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const normalise = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');

export interface HashedVector {
  weights: Map<number, number>;
  norm: number;
}

/** Word unigrams and bigrams of the lowercased text, hashed into a sparse count vector. */
export function hashedVector(text: string): HashedVector {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const weights = new Map<number, number>();
  const add = (gram: string) => {
    const bucket = fnv1a(gram) % BUCKETS;
    weights.set(bucket, (weights.get(bucket) ?? 0) + 1);
  };
  words.forEach((word, index) => {
    add(`1:${word}`);
    if (index > 0) add(`2:${words[index - 1]} ${word}`);
  });
  let sum = 0;
  for (const weight of weights.values()) sum += weight * weight;
  return { weights, norm: Math.sqrt(sum) };
}

export function cosine(a: HashedVector, b: HashedVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [bucket, weight] of small.weights) dot += weight * (large.weights.get(bucket) ?? 0);
  return Math.min(1, dot / (a.norm * b.norm));
}

export interface LeakHit {
  similarity: number;
  source: number;
}

export interface LeakageReport {
  n_checked: number;
  n_sources: number;
  threshold: number;
  n_dropped: number;
  /** Highest similarity seen, 4 dp (clamped to 1). */
  max_similarity: number;
  /** The first TRACE_LEAK_EXAMPLES offenders. */
  examples: { text: string; source: number; similarity: number }[];
}

/**
 * The trace leakage rule: source traces shape the grid and never enter the data. A generated ask at or above
 * `threshold` cosine (hashed n-gram vectors) to a source prompt is a near copy; an exact match (after lowercasing
 * and collapsing whitespace) always is, whatever the vectors say.
 */
export class TraceLeakGate {
  readonly #sources: { vector: HashedVector; normal: string }[];
  readonly #exact = new Map<string, number>();
  #checked = 0;
  #dropped = 0;
  #max = 0;
  readonly #examples: LeakageReport['examples'] = [];

  constructor(
    sources: readonly string[],
    readonly threshold: number = TRACE_LEAK_THRESHOLD,
  ) {
    this.#sources = sources.filter((text) => text.trim() !== '').map((text) => ({ vector: hashedVector(text), normal: normalise(text) }));
    this.#sources.forEach((source, index) => {
      if (!this.#exact.has(source.normal)) this.#exact.set(source.normal, index);
    });
  }

  /** The closest source when the text near-copies one; undefined otherwise. Counts the check. */
  check(text: string): LeakHit | undefined {
    this.#checked++;
    if (this.#sources.length === 0) return undefined;
    const exact = this.#exact.get(normalise(text));
    let best: LeakHit = exact === undefined ? { similarity: 0, source: -1 } : { similarity: 1, source: exact };
    if (exact === undefined) {
      const vector = hashedVector(text);
      this.#sources.forEach((source, index) => {
        const similarity = cosine(vector, source.vector);
        if (similarity > best.similarity) best = { similarity, source: index };
      });
    }
    this.#max = Math.max(this.#max, best.similarity);
    if (best.similarity < Math.min(this.threshold, 1)) return undefined;
    this.#dropped++;
    if (this.#examples.length < TRACE_LEAK_EXAMPLES) {
      this.#examples.push({ text: text.slice(0, 200), source: best.source, similarity: round4(best.similarity) });
    }
    return best;
  }

  report(): LeakageReport {
    return {
      n_checked: this.#checked,
      n_sources: this.#sources.length,
      threshold: this.threshold,
      n_dropped: this.#dropped,
      max_similarity: round4(this.#max),
      examples: [...this.#examples],
    };
  }
}

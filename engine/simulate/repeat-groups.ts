import type { RepeatPolicy } from '../../shared/domain';
import type { SituationCard } from '../writers/situation-card';

/** The rest of one prompt's k, due in the next batch: rollout indices `from` to `to - 1`. */
export interface TopUp {
  group: number;
  card: SituationCard;
  from: number;
  to: number;
}

interface Group {
  card: SituationCard;
  /** Rollouts planned so far (rollout indices 0..planned-1). */
  planned: number;
  /** Whether each landed rollout was a graded failure; null where the grader gave no reward. */
  failures: (boolean | null)[];
  cell: string;
}

/**
 * A prompt's k rollouts under a repeat policy that holds some back (SDK-REFERENCE 2, `repeat_policy`):
 * `successive` probes each prompt and spends the rest of k only where the probes disagree (one passes the in-loop
 * reward, another is a graded failure; an unjudged probe takes neither side); `adaptive` runs each prompt once and
 * spends the rest where the outcome is uncertain (it failed, or its cell has shown more than one behaviour).
 * Decisions are taken only on committed batches, in the order prompts were opened, so a seed gives the same top-ups
 * at any concurrency and on resume.
 */
export class RepeatGroups {
  readonly #groups: Group[] = [];
  /** The groups each planned, uncommitted batch opened, oldest batch first (batches commit in plan order). */
  readonly #openedByBatch: number[][] = [];
  /** Groups decided to need their rest of k, oldest first, not yet planned. */
  readonly #queue: number[] = [];
  /** Behaviour signatures seen per cell. */
  readonly #cellSignatures = new Map<string, Set<string>>();
  #toppedUp = 0;
  #saved = 0;

  constructor(
    private readonly policy: RepeatPolicy,
    /** k. */
    private readonly repeats: number,
  ) {}

  /** A batch is being planned: the prompts opened from now on are decided when it commits. */
  startBatch(): void {
    this.#openedByBatch.push([]);
  }

  /** A new prompt whose first rollouts are about to be planned in the batch last started; returns its group. */
  open(card: SituationCard, cell: string): number {
    this.#groups.push({ card, planned: 0, failures: [], cell });
    this.#openedByBatch.at(-1)!.push(this.#groups.length - 1);
    return this.#groups.length - 1;
  }

  /** One rollout of the group made it into a batch. */
  planned(group: number): void {
    this.#groups[group]!.planned += 1;
  }

  /** A rollout of the group landed: whether it was a graded failure (null: unjudged), and its behaviour signature. */
  landed(group: number, failed: boolean | null, signature: string): void {
    const entry = this.#groups[group]!;
    entry.failures.push(failed);
    const seen = this.#cellSignatures.get(entry.cell) ?? new Set<string>();
    seen.add(signature);
    this.#cellSignatures.set(entry.cell, seen);
  }

  /**
   * Closes the oldest planned batch, now committed: each prompt opened in it is decided, and queued for the rest of its
   * k if it needs it. Prompts opened in later batches wait for theirs: their rollouts have not all been read.
   */
  endBatch(): void {
    for (const index of this.#openedByBatch.shift() ?? []) {
      const group = this.#groups[index]!;
      if (group.planned === 0 || group.planned >= this.repeats) continue;
      if (this.#needsRest(group)) this.#queue.push(index);
      else this.#saved += this.repeats - group.planned;
    }
  }

  /**
   * The top-ups for the next batch, oldest first, holding at most `rows` rollouts (the first one is always taken,
   * so a long top-up never starves).
   */
  takeTopUps(rows: number): TopUp[] {
    const taken: TopUp[] = [];
    let used = 0;
    while (this.#queue.length > 0) {
      const index = this.#queue[0]!;
      const group = this.#groups[index]!;
      const size = this.repeats - group.planned;
      if (taken.length > 0 && used + size > rows) break;
      this.#queue.shift();
      taken.push({ group: index, card: group.card, from: group.planned, to: this.repeats });
      used += size;
      this.#toppedUp += 1;
    }
    return taken;
  }

  get pending(): number {
    return this.#queue.length;
  }

  /** `search.repeat_groups`. */
  stats(): { prompts: number; topped_up: number; rollouts_saved: number } {
    return { prompts: this.#groups.filter((group) => group.planned > 0).length, topped_up: this.#toppedUp, rollouts_saved: this.#saved };
  }

  #needsRest(group: Group): boolean {
    const fails = group.failures.filter((failed) => failed === true).length;
    const passes = group.failures.filter((failed) => failed === false).length;
    switch (this.policy) {
      case 'successive':
        return fails > 0 && passes > 0;
      case 'adaptive':
        return fails > 0 || (this.#cellSignatures.get(group.cell)?.size ?? 0) > 1;
      case 'fixed':
      case 'none':
        return false;
      default: {
        const unreachable: never = this.policy;
        return unreachable;
      }
    }
  }
}

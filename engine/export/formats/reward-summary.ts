import { round4 } from '../../../shared/domain/rounding';
/** Rewards of the rows that went out: mean/min/max over graded rows (4 dp), null when none was graded. */
export interface RewardSummary {
  n_graded: number;
  n_ungraded: number;
  mean: number | null;
  min: number | null;
  max: number | null;
}

export class RewardTally {
  private graded = 0;
  private ungraded = 0;
  private total = 0;
  private low = Number.POSITIVE_INFINITY;
  private high = Number.NEGATIVE_INFINITY;

  add(reward: number | null): void {
    if (reward === null) {
      this.ungraded += 1;
      return;
    }
    this.graded += 1;
    this.total += reward;
    this.low = Math.min(this.low, reward);
    this.high = Math.max(this.high, reward);
  }

  state(): { graded: number; ungraded: number; total: number; low: number; high: number } {
    return { graded: this.graded, ungraded: this.ungraded, total: this.total, low: this.low, high: this.high };
  }

  absorb(state: { graded: number; ungraded: number; total: number; low: number; high: number }): void {
    this.graded += state.graded;
    this.ungraded += state.ungraded;
    this.total += state.total;
    this.low = Math.min(this.low, state.low);
    this.high = Math.max(this.high, state.high);
  }

  summary(): RewardSummary {
    const none = this.graded === 0;
    return {
      n_graded: this.graded,
      n_ungraded: this.ungraded,
      mean: none ? null : round4(this.total / this.graded),
      min: none ? null : this.low,
      max: none ? null : this.high,
    };
  }
}

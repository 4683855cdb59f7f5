import { round4 } from '../../shared/domain/rounding';
import type { DeliveredSummary, Row, WriterArm } from '../../shared/domain';
import { HARD_TIERS, tierOfStance } from '../people/tiers';

/** `delivered` floors (SDK-REFERENCE 2.2): under these shares of what was asked, the run says it missed. */
const FAULT_FLOOR = 0.7;
const FAULT_CEILING_AT_ZERO = 0.01;
const HARD_FLOOR = 0.5;
const TURNS_FLOOR = 0.5;
/** `followups_starved`: at least this many missed follow-ups, and at least a quarter of the rows. */
const STARVED_MIN = 8;
const STARVED_ROW_SHARE = 0.25;
/** A thread is long from this many user turns (`user_turns_3plus_share`). */
const LONG_USER_TURNS = 3;
/** The tier mix may fall this far short of `hard_share` before the run says so. */
const HARD_SHORTFALL = 0.1;
/** The fault check needs this many fault rows expected from the plan before a shortfall is more than chance. */
const MIN_EXPECTED_FAULT_ROWS = 20;
/** Hard-share checks need this many rows to mean anything. */
const MIN_ROWS_FOR_MIX = 20;

/** What the run was asked to deliver. */
export interface DeliveryAsked {
  fault_rate: number;
  /** Share of the planned grid cells that keep a fault at this rate and flip: the fault share the settings ask of rows. */
  fault_share_planned: number;
  hard_share: number;
  /** The person's `avg_turns`, when they set one (the default is a cap, not a target a run is held to). */
  avg_turns?: number | undefined;
  /** The person speaks at most this many times. */
  user_turn_cap: number;
  /** A run aimed at one stance, or a replay, fixes each row's stance: no mix was asked for. */
  stance_fixed: boolean;
}

/** Counts, row by row, what the run delivered of what was asked; at the end, the figures and the warnings. */
export class DeliveredTally {
  #rows = 0;
  #faultRows = 0;
  readonly #faultArms = new Set<WriterArm>();
  #hardRows = 0;
  #turns = 0;
  #longThreads = 0;
  #missedFollowups = 0;

  constructor(private readonly asked: DeliveryAsked) {}

  row(row: Row): void {
    this.#rows += 1;
    const faultedAnswer = row.messages.some((message) => message.role === 'tool' && message.fault !== undefined);
    if (Object.keys(row.situation.faults).length > 0 || faultedAnswer) {
      this.#faultRows += 1;
      this.#faultArms.add(row.writer);
    }
    if ((HARD_TIERS as readonly string[]).includes(tierOfStance(row.situation.dimensions.stance))) this.#hardRows += 1;
    const userTurns = row.messages.filter((message) => message.role === 'user').length;
    this.#turns += userTurns + row.messages.filter((message) => message.role === 'assistant').length;
    if (userTurns >= LONG_USER_TURNS) this.#longThreads += 1;
    // The agent's question went unanswered because the person had no turn left: a follow-up the thread missed.
    if (row.ended_by === 'max_turns' && row.finish_reason !== 'tool') this.#missedFollowups += 1;
  }

  figures(): DeliveredSummary {
    const share = (count: number) => (this.#rows === 0 ? null : round4(count / this.#rows));
    return {
      rows: this.#rows,
      fault_share: share(this.#faultRows),
      fault_share_planned: round4(this.asked.fault_share_planned),
      fault_rate: this.asked.fault_rate,
      hard_share: share(this.#hardRows),
      hard_share_requested: this.asked.hard_share,
      mean_turns: this.#rows === 0 ? null : Math.round((this.#turns / this.#rows) * 100) / 100,
      avg_turns: this.asked.avg_turns ?? null,
      user_turns_3plus_share: share(this.#longThreads),
      missed_followups: this.#missedFollowups,
    };
  }

  /** `followups_starved`: many threads ended on a question the person had no turn left to answer. */
  isStarved(): boolean {
    return this.#missedFollowups >= STARVED_MIN && this.#missedFollowups >= STARVED_ROW_SHARE * this.#rows;
  }

  /** A sentence for each thing the run delivered short of what was asked, each naming the setting that changes it. */
  warnings(): string[] {
    if (this.#rows === 0) return [];
    const { asked } = this;
    const percent = (count: number) => `${((100 * count) / this.#rows).toFixed(1)}%`;
    const warnings: string[] = [];
    const faultShare = this.#faultRows / this.#rows;
    if (asked.fault_rate <= 0 && faultShare > FAULT_CEILING_AT_ZERO) {
      warnings.push(
        `${this.#faultRows} of ${this.#rows} rows (${percent(this.#faultRows)}) met a tool fault although fault_rate 0 asked for none ` +
          `(from the ${[...this.#faultArms].sort().join(', ')} writer): a replayed or trace-steered situation keeps its faults.`,
      );
    } else if (
      asked.fault_rate > 0 &&
      this.#rows * asked.fault_share_planned >= MIN_EXPECTED_FAULT_ROWS &&
      faultShare < FAULT_FLOOR * asked.fault_share_planned
    ) {
      warnings.push(
        `Only ${percent(this.#faultRows)} of rows met a tool fault; fault_rate ${asked.fault_rate} planned ` +
          `${(100 * asked.fault_share_planned).toFixed(1)}% of the grid's cells with one. Raise fault_rate, or set prefer_success off, ` +
          `for more faults.`,
      );
    }
    const hard = this.#hardWarning();
    if (hard) warnings.push(hard);
    const meanTurns = this.#turns / this.#rows;
    if (asked.avg_turns !== undefined && asked.avg_turns >= 2 && meanTurns < TURNS_FLOOR * asked.avg_turns) {
      warnings.push(
        `Threads average ${meanTurns.toFixed(1)} turns, under half the avg_turns ${asked.avg_turns} asked: the agent settles ` +
          `most asks in fewer turns. Set patience endless, or lower avg_turns.`,
      );
    }
    if (this.isStarved()) {
      warnings.push(
        `${this.#missedFollowups} of ${this.#rows} rows ended on the agent's question with the person out of turns (they speak at ` +
          `most ${asked.user_turn_cap} times): raise avg_turns (followups_starved).`,
      );
    }
    return warnings;
  }

  /**
   * The tier mix short of `hard_share` by more than 0.10 after MIN_ROWS_FOR_MIX rows (SDK); under half of it, the
   * delivered check, the sentence names the fix.
   */
  #hardWarning(): string | undefined {
    const { asked } = this;
    const realized = this.#hardRows / this.#rows;
    if (asked.stance_fixed || this.#rows < MIN_ROWS_FOR_MIX) return undefined;
    const underHalf = realized < HARD_FLOOR * asked.hard_share;
    if (!underHalf && asked.hard_share - realized <= HARD_SHORTFALL) return undefined;
    const sentence =
      `Only ${(100 * realized).toFixed(0)}% of rows put the agent under a hard stance (ambiguous, boundary, adversarial); ` +
      `${Math.round(100 * asked.hard_share)}% was asked for`;
    return underHalf ? `${sentence}, and under half of it: add hard stances to the spec's stance axis.` : `${sentence}.`;
  }
}

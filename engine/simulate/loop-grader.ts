import { RunStopError, runStopFor } from '../models/run-stop-error';
import { BrokenJudgeCheck, storedGrade } from '../grade/judges/broken-judge-check';
import type { Judge } from '../grade/judges/judge';
import { watchedJudge } from '../grade/judges/watched-judge';
import type { JudgeClock } from '../grade/judges/judge-clock';
import { runJudge } from '../grade/judges/run-judge';
import type { Grade, Row } from '../../shared/domain';

/** One row's grade from the run's grader, as stored (markers kept in judge_meta), and the markers it returned. */
export interface LoopGrade {
  grade: Grade;
  markers: Record<string, number> | null;
}

/**
 * The run's grader in the loop (SDK `grader=`): it grades each row as it lands, inside the rollout pool, and its reward
 * is the run's in-loop reward. A row the judge fails on gets a grade with that judge_status and no reward.
 */
export interface LoopGrader {
  grade(row: Row): Promise<LoopGrade>;
  /** Why the run must stop now: the grader failed each of its first rows, or its model refused the key or the account. */
  stopError(): RunStopError | undefined;
}

export interface JudgeInLoopOptions {
  clock: JudgeClock;
  /** Per-row limit in milliseconds; null waits forever. */
  timeout_ms: number | null;
  /** The run's declared tool names, passed to the judge. */
  declared_tools: readonly string[];
}

/** At most `size` holders at once; the others wait in arrival order. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async hold<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}

/**
 * A judge as the run's grader, judged as `wai grade` judges it (`runJudge`, one row at a time, never more rows at once
 * than the judge takes, its provenance on every grade): an auth or quota failure of its model stops the run
 * (`judge_auth_failed`, `judge_quota_exceeded`), and so does the same error or a timeout on each of its first rows
 * (`grader_failed`).
 */
export function judgeInLoop(judge: Judge, options: JudgeInLoopOptions): LoopGrader {
  let stop: RunStopError | undefined;
  const watched = watchedJudge(judge, (error) => {
    stop ??= runStopFor(error, 'judge');
  });
  const breaker = new BrokenJudgeCheck(options.timeout_ms, 'the run');
  const slots = new Slots(judge.max_concurrency ?? Number.POSITIVE_INFINITY);
  return {
    async grade(row) {
      const [judged] = await slots.hold(() =>
        runJudge([row], watched, {
          clock: options.clock,
          concurrency: 1,
          timeoutMs: options.timeout_ms,
          declared_tools: options.declared_tools,
        }),
      );
      const grade = storedGrade(judged!);
      const broken = breaker.observe(grade);
      if (broken !== null) stop ??= new RunStopError(broken, 'grader_failed', 'judge');
      return { grade, markers: judged!.markers };
    },
    stopError: () => stop,
  };
}

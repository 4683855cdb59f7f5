import type { Grade } from '../../../shared/domain';
import type { JudgedRow } from './run-judge';

/** A judge that fails the first rows with one and the same error (or times out on each) is broken, not unlucky: stop, loudly. */
export const BROKEN_JUDGE_ROWS = 8;

/**
 * Watches a judge's first grades: the same error (or a timeout) on each of the first BROKEN_JUDGE_ROWS rows trips it,
 * and it says why the grading stops. Any other grade first clears it for good.
 */
export class BrokenJudgeCheck {
  #count = 0;
  #key: string | null = null;
  #isCleared = false;

  constructor(
    private readonly timeoutMs: number | null,
    /** What stops: "grading" for `wai grade`, "the run" for a grader in the loop. */
    private readonly stopping = 'grading',
  ) {}

  /** Why the judge's work must stop, once it proved broken on this grade; else null. */
  observe(grade: Grade): string | null {
    if (this.#isCleared) return null;
    const error = grade.judge_status === 'error' ? String(grade.judge_meta['error'] ?? grade.reason) : null;
    const key = error !== null ? `error:${error}` : grade.judge_status === 'timeout' ? 'timeout' : null;
    if (key === null || (this.#key !== null && key !== this.#key)) {
      this.#isCleared = true;
      return null;
    }
    this.#key = key;
    this.#count += 1;
    if (this.#count < BROKEN_JUDGE_ROWS) return null;
    this.#isCleared = true;
    return error !== null
      ? `The judge failed on each of the first ${BROKEN_JUDGE_ROWS} rows with the same error, so ${this.stopping} stopped: ${error}`
      : `The judge timed out on each of the first ${BROKEN_JUDGE_ROWS} rows (limit ${this.timeoutMs} ms), so ${this.stopping} stopped: ` +
          `raise timeout_ms or check the judge.`;
  }
}

/** The grade as stored: markers the judge returned go back into judge_meta, so nothing it said is lost. */
export function storedGrade(judged: JudgedRow): Grade {
  if (judged.markers === null) return judged.grade;
  return { ...judged.grade, judge_meta: { ...judged.grade.judge_meta, markers: judged.markers } };
}

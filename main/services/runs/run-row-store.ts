import type { Grade, Row } from '../../../shared/domain';
import { conductToGrade, type ConductVerdict, type RunContext } from '../../../engine/index';
import { gradeWrites } from '../../store/grades/grades-repository';
import { rowWrites, storedRowId } from '../../store/rows/rows-repository';
import { bumpRowsDoneWrite } from '../../store/runs/runs-repository';
import type { StoreWrite } from '../../store/store-write';
import type { RunWrites } from './run-writes';

/**
 * How long (ms) a landed row waits for others to share its transaction. Rows that land in one turn of the event loop
 * always share one; the window adds those of the next few ms. Each commit wrote ~40 pages whether it held one row or
 * twenty, and at 32 model calls in flight the one commit per row took a third of the run thread.
 */
export const STORE_WINDOW_MS = 5;
/** Rows stored at most in one transaction, so offline rows (which land without yielding) are committed as they go. */
export const STORE_MAX_ROWS = 64;

/** A row as it landed: new (stored with its grades) or replayed by a resume (its grader's grade stored if new). */
export interface LandedRow {
  row: Row;
  resumed: boolean;
  duration_ms: number;
  /** The grader's grade, when the run has a grader and it judged this row now. */
  grade: Grade | undefined;
  /** The conduct checks' verdict from the run's loop (a run without a grader), stored as the row's conduct grade. */
  conduct?: ConductVerdict | undefined;
  /** When the row landed (ISO): its stored stamp and its conduct grade's, as when each row had its own transaction. */
  landed_at: string;
}

export interface RunRowStoreOptions {
  runId: string;
  /** The run's writes, in order: the rows' transactions go there. */
  writes: RunWrites;
  /** The run's system prompt and tools, stored with each row's prepared export line. */
  context: RunContext;
  now(): string;
  /** Called for each row once its transaction committed, in landing order. */
  onStored(landed: LandedRow): void;
  clock?(): number;
}

/**
 * Stores a run's landed rows in batches: one transaction (one lease check, one count update) for the rows that land
 * within STORE_WINDOW_MS of the first. A row is reported through `onStored` only after its transaction committed, so
 * a crash loses only rows never reported, and the stored rows stay a prefix of the plan that a resume replays (the
 * run's writes are committed in order, and none after a failure).
 */
export class RunRowStore {
  #waiting: LandedRow[] = [];
  #since = 0;
  readonly #declared: readonly string[];
  readonly #clock: () => number;

  constructor(private readonly options: RunRowStoreOptions) {
    this.#clock = options.clock ?? (() => performance.now());
    this.#declared = options.context.tools.map((tool) => tool.name);
  }

  get isWaiting(): boolean {
    return this.#waiting.length > 0;
  }

  /** Milliseconds until the waiting rows are due (0 when they are). */
  msLeft(): number {
    return Math.max(0, this.#since + STORE_WINDOW_MS - this.#clock());
  }

  add(landed: LandedRow): void {
    if (this.#waiting.length === 0) this.#since = this.#clock();
    this.#waiting.push(landed);
    if (this.#waiting.length >= STORE_MAX_ROWS || this.msLeft() === 0) this.flush();
  }

  /**
   * Hands every waiting row to the run's writes as one transaction; each is reported once it committed. A failed
   * write reports none, and is thrown here or by the run's writes later.
   */
  flush(): void {
    if (this.#waiting.length === 0) return;
    const rows = this.#waiting;
    this.#waiting = [];
    this.options.writes.write(rowsWrites(this.options, this.#declared, rows), () => {
      for (const landed of rows) this.options.onStored(landed);
    });
  }

  /** After the run failed elsewhere: stores what landed before, unless storing is what failed (then nothing more). */
  flushAfterFailure(): void {
    if (this.options.writes.hasFailed) return;
    try {
      this.flush();
    } catch {
      // The run's own error is the one to report.
    }
  }
}

/**
 * The next event of `events`; rows waiting in `store` are stored meanwhile once their window is over, so a row never
 * waits for the next one to land.
 */
export async function nextStoring<T, R>(events: AsyncIterator<T, R>, store: RunRowStore): Promise<IteratorResult<T, R>> {
  const next = events.next();
  if (!store.isWaiting) return next;
  let timer: NodeJS.Timeout | undefined;
  const due = new Promise<'due'>((resolve) => (timer = setTimeout(resolve, store.msLeft(), 'due')));
  let first: IteratorResult<T, R> | 'due';
  try {
    first = await Promise.race([next, due]);
  } finally {
    clearTimeout(timer);
  }
  if (first !== 'due') return first;
  store.flush();
  return next;
}

/** Each new row with its conduct grade, then its grader's (the row's latest, as after `wai grade`), and the run's count. */
function rowsWrites({ runId, context, now }: RunRowStoreOptions, declared: readonly string[], rows: readonly LandedRow[]): StoreWrite[] {
  const writes: StoreWrite[] = [];
  const grades: Grade[] = [];
  let added = 0;
  for (const { row, resumed, duration_ms: durationMs, grade, conduct, landed_at: landedAt } of rows) {
    const rowId = storedRowId(runId, row.ordinal);
    if (!resumed) {
      writes.push(...rowWrites(row, { run_id: runId, duration_ms: durationMs, created_at: landedAt, context }));
      // Stamped when the row was judged, so the grader never reads as older than the checks stored beside it.
      const stamp = { created_at: grade?.created_at ?? landedAt, row_id: rowId };
      grades.push(conductToGrade(row, declared, conduct ? { ...stamp, verdict: conduct } : stamp).grade);
      added++;
    }
    if (grade) grades.push({ ...grade, row_id: rowId });
  }
  writes.push(...gradeWrites(grades));
  if (added > 0) writes.push(bumpRowsDoneWrite(runId, now(), added));
  return writes;
}

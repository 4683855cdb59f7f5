import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Row, type Grade } from '../../../shared/domain';
import { BrokenJudgeCheck, CONDUCT_PROVENANCE, conductToGrade, runJudge, storedGrade } from '../../../engine/index';
import { clockFromNode } from '../../../engine/node';
import type { Db } from '../../store/database';
import { insertGrades, type GradedBy } from '../../store/grades/grades-repository';
import { countRowsToGrade, pageRowsToGrade } from '../../store/grades/rows-to-grade-repository';
import { parseJsonColumn } from '../../store/json-column';
import { getRun } from '../../store/runs/runs-repository';
import { getSpec } from '../../store/runs/specs-repository';
import { judgeKeysOf, loadJudge, type LoadedJudge } from './grade-judges';
import type { JudgeSpec } from './judge-spec';
import { keyRing, type KeyRing } from '../settings/secrets';
import { ServiceError } from '../app/service-error';

export { judgeKeysOf } from './grade-judges';
export { BROKEN_JUDGE_ROWS } from '../../../engine/index';

/** Everything a grading job needs, as plain data (it crosses into the worker thread). */
export interface GradePlan {
  job_id: string;
  run_id: string;
  /** The judge as the person wrote it. */
  judge_text: string;
  judge: JudgeSpec;
  concurrency: number;
  timeout_ms: number | null;
  skip_graded: boolean;
}

export interface GradeProgressUpdate {
  done: number;
  total: number;
  message: string;
}

export interface GradeOutcome {
  status: 'completed' | 'cancelled' | 'failed';
  done: number;
  total: number;
  message: string;
  /** What the judge's model calls went through (retries, settings the model refused), for the grade report. */
  warnings?: string[];
}

export interface ExecuteGradingOptions {
  db: Db;
  plan: GradePlan;
  /** Where a model judge finds its key (default: this process's environment). Never stored or logged. */
  keys?: KeyRing;
  isCancelled?(): boolean;
  /** Called once the judge has loaded, before the first grade is written. */
  onReady?(): void;
  /** At most every PROGRESS_INTERVAL_MS, and at the end of each judge's pass. */
  onProgress?(update: GradeProgressUpdate): void;
}

/** Conduct checks are synchronous: a page is graded and written in one transaction. */
const CONDUCT_PAGE_ROWS = 200;
/** Rows read ahead for the chosen judge. */
const JUDGE_PAGE_ROWS = 64;
/** Judge grades are written in batches of this many, or sooner when FLUSH_INTERVAL_MS has passed. */
const GRADE_BATCH = 32;
const FLUSH_INTERVAL_MS = 250;
const PROGRESS_INTERVAL_MS = 200;

/** Reads a run's rows page by page in plan order, for many concurrent takers. */
class RowCursor {
  #page: Array<{ id: string; row: Row }> = [];
  #after = -1;
  #isDone = false;

  constructor(
    private readonly db: Db,
    private readonly runId: string,
    private readonly skip: GradedBy | null,
  ) {}

  next(): { id: string; row: Row } | undefined {
    if (this.#page.length === 0 && !this.#isDone) {
      const records = pageRowsToGrade(this.db, this.runId, this.#after, JUDGE_PAGE_ROWS, this.skip);
      if (records.length === 0) this.#isDone = true;
      this.#after = records.at(-1)?.ordinal ?? this.#after;
      this.#page = records.map((record) => ({ id: record.id, row: parseJsonColumn(Row, record.body, 'rows.body') }));
    }
    return this.#page.shift();
  }
}

function declaredTools(db: Db, specId: string | null): string[] {
  const spec = specId ? getSpec(db, specId) : undefined;
  return spec ? spec.tools.map((tool) => tool.name) : [];
}

interface Pass {
  db: Db;
  plan: GradePlan;
  declared: readonly string[];
  skip: GradedBy | null;
  isCancelled(): boolean;
  /** After each row is graded (conduct: after each page is written). */
  onGraded(grades: readonly Grade[]): void;
}

/** The conduct checks, a page at a time: synchronous, so each page is graded and written in one transaction. */
async function conductPass(pass: Pass): Promise<void> {
  let after = -1;
  while (!pass.isCancelled()) {
    const page = pageRowsToGrade(pass.db, pass.plan.run_id, after, CONDUCT_PAGE_ROWS, pass.skip);
    if (page.length === 0) return;
    const createdAt = new Date().toISOString();
    const grades = page.map(
      (record) =>
        conductToGrade(parseJsonColumn(Row, record.body, 'rows.body'), pass.declared, { created_at: createdAt, row_id: record.id }).grade,
    );
    insertGrades(pass.db, grades);
    after = page.at(-1)!.ordinal;
    pass.onGraded(grades);
    await yieldToEventLoop();
  }
}

/**
 * The chosen judge, `concurrency` rows at a time (never more than the judge takes), each grade buffered and
 * written in batches. Returns why it stopped early when the judge proved broken, else null.
 */
async function judgePass(pass: Pass, { judge, stopReason }: LoadedJudge): Promise<string | null> {
  const cursor = new RowCursor(pass.db, pass.plan.run_id, pass.skip);
  const breaker = new BrokenJudgeCheck(pass.plan.timeout_ms);
  const buffer: Grade[] = [];
  let lastFlush = performance.now();
  const flush = () => {
    lastFlush = performance.now();
    if (buffer.length > 0) insertGrades(pass.db, buffer.splice(0));
  };
  let failure: string | null = null;
  const judgeRows = async (): Promise<void> => {
    for (;;) {
      if (failure !== null || pass.isCancelled()) return;
      const next = cursor.next();
      if (next === undefined) return;
      const [judged] = await runJudge([next.row], judge, {
        clock: clockFromNode,
        concurrency: 1,
        timeoutMs: pass.plan.timeout_ms,
        declared_tools: pass.declared,
        rowId: () => next.id,
      });
      const grade = storedGrade(judged!);
      buffer.push(grade);
      failure ??= stopReason() ?? breaker.observe(grade);
      if (buffer.length >= GRADE_BATCH || performance.now() - lastFlush >= FLUSH_INTERVAL_MS) flush();
      pass.onGraded([grade]);
    }
  };
  const slots = Math.max(1, Math.min(pass.plan.concurrency, judge.max_concurrency ?? pass.plan.concurrency));
  try {
    await Promise.all(Array.from({ length: slots }, judgeRows));
  } finally {
    flush();
  }
  return failure;
}

/**
 * Grades a stored run: the conduct checks on every row, then the chosen judge on every row, each grade written
 * with its provenance as it lands (in batched transactions), rows streamed from SQL page by page. A judge that
 * fails a row grades it with a judge_status and reward null, never 0. Cancelling stops after the rows in
 * flight; grades already written stay. Throws ServiceError before writing anything when the judge cannot load.
 */
export async function executeGrading(options: ExecuteGradingOptions): Promise<GradeOutcome> {
  const { db, plan } = options;
  const run = getRun(db, plan.run_id);
  if (!run) throw new ServiceError('NOT_FOUND', `There is no run ${plan.run_id}.`);
  const loaded = await loadJudge(plan.judge, {
    keys: options.keys ?? keyRing(),
    concurrency: plan.concurrency,
    timeout_ms: plan.timeout_ms,
  });
  const judge = loaded?.judge ?? null;
  try {
    options.onReady?.();
    const [conductKey, chosenKey] = judgeKeysOf(plan.judge);
    const isCancelled = () => options.isCancelled?.() ?? false;
    const declared = declaredTools(db, run.spec_id);
    const conductSkip: GradedBy | null = plan.skip_graded
      ? { judge_name: CONDUCT_PROVENANCE.judge, version: CONDUCT_PROVENANCE.version }
      : null;
    const judgeSkip: GradedBy | null =
      judge && plan.skip_graded ? { judge_name: judge.provenance.judge, version: judge.provenance.version } : null;
    const conductTotal = countRowsToGrade(db, plan.run_id, conductSkip);
    const judgeTotal = judge ? countRowsToGrade(db, plan.run_id, judgeSkip) : 0;
    const tally = { done: 0, total: conductTotal + judgeTotal, phaseDone: 0, unjudged: 0 };
    let lastProgress = -Infinity;
    const progress = (message: string, force = false) => {
      const now = performance.now();
      if (!force && now - lastProgress < PROGRESS_INTERVAL_MS) return;
      lastProgress = now;
      tally.total = Math.max(tally.total, tally.done);
      options.onProgress?.({ done: tally.done, total: tally.total, message });
    };
    const onGraded = (describe: () => string) => (grades: readonly Grade[]) => {
      tally.done += grades.length;
      tally.phaseDone += grades.length;
      tally.unjudged += grades.filter((grade) => grade.reward === null).length;
      progress(describe());
    };

    const conductMessage = () => `Conduct checks (${conductKey}): ${tally.phaseDone} of ${conductTotal} rows`;
    progress(conductMessage(), true);
    await conductPass({ db, plan, declared, skip: conductSkip, isCancelled, onGraded: onGraded(conductMessage) });
    progress(conductMessage(), true);

    let failure: string | null = null;
    if (loaded && !isCancelled()) {
      tally.phaseDone = 0;
      const judgeMessage = () =>
        `${chosenKey}: ${tally.phaseDone} of ${judgeTotal} rows${tally.unjudged > 0 ? ` (${tally.unjudged} unjudged)` : ''}`;
      failure = await judgePass({ db, plan, declared, skip: judgeSkip, isCancelled, onGraded: onGraded(judgeMessage) }, loaded);
      progress(judgeMessage(), true);
    }

    const { done } = tally;
    const total = Math.max(tally.total, done);
    const unjudgedNote =
      tally.unjudged > 0 ? ` ${tally.unjudged} rows are unjudged (the judge erred or timed out): their reward is empty, not 0.` : '';
    const notes = judge?.notes?.() ?? [];
    const warnings = notes.length > 0 ? { warnings: notes } : {};
    if (failure !== null) return { status: 'failed', done, total, message: failure, ...warnings };
    if (isCancelled()) {
      return {
        status: 'cancelled',
        done,
        total,
        message:
          `Cancelled after ${done} of ${total} gradings; the grades written so far are kept (grade again with skip_graded to ` +
          `continue).${unjudgedNote}`,
        ...warnings,
      };
    }
    const judged = judge ? `the conduct checks, then ${chosenKey}` : 'the conduct checks';
    return { status: 'completed', done, total, message: `Graded with ${judged}: ${done} gradings.${unjudgedNote}`, ...warnings };
  } finally {
    await judge?.close?.();
  }
}

import { TextSpan, type Grade, type Provenance, type Row } from '../../../shared/domain';
import type { Judge, JudgeContext } from './judge';
import type { JudgeClock } from './judge-clock';
import { JudgeConfigError } from './judge-config-error';
import { checkScale, normalizeJudgeResult, typeName, type NormalizedJudgeResult } from './normalize-judge-result';
import { explainStatus } from './status-reason';

/** SDK run_judge default: rows judged at once. */
export const DEFAULT_JUDGE_CONCURRENCY = 8;
/** A row whose judge has not answered after this long is graded `timeout` (reward null). */
export const DEFAULT_JUDGE_TIMEOUT_MS = 300_000;

export interface RunJudgeOptions {
  /** Time stamps and timers (see JudgeClock): `clockFromNode` in the app, a fake in tests. */
  clock: JudgeClock;
  /** Rows judged at once, >= 1 (DEFAULT_JUDGE_CONCURRENCY). */
  concurrency?: number;
  /** Per-row limit in milliseconds; null waits forever (DEFAULT_JUDGE_TIMEOUT_MS). */
  timeoutMs?: number | null;
  /** Stamped as `provenance.version`, replacing the judge's own. A custom judge needs one here or on itself. */
  version?: string;
  /** The run's declared tool names, passed to the judge. */
  declared_tools?: readonly string[];
  /** The grade's `row_id` for a row (the store passes its own key); defaults to `rollout_id`. */
  rowId?: (row: Row) => string;
  /** Called as each row is graded (in completion order), for progress. */
  onGraded?: (graded: JudgedRow, index: number) => void;
}

/** One graded row: the stored grade plus what the judge said beyond it. */
export interface JudgedRow {
  grade: Grade;
  /** The judge's extra keys (`rule`, `confidence`, `returned_keys`, `error`...). */
  judge_meta: Record<string, unknown>;
  /** `markers` the judge returned ({name: number}, 1.0 = good), lifted out of judge_meta. */
  markers: Record<string, number> | null;
}

function provenanceFor(judge: Judge, version: string | undefined): Provenance {
  const resolved = version ?? judge.provenance.version;
  if (judge.label_source === 'custom' && (resolved === null || resolved.trim() === '')) {
    throw new JudgeConfigError(`custom judge "${judge.name}" needs a version, so its grades can be told apart from the next edit's`);
  }
  return { ...judge.provenance, version: resolved };
}

function numberRecord(value: unknown): Record<string, number> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, entry]) => typeof entry === 'number' && Number.isFinite(entry))
    ? (Object.fromEntries(entries) as Record<string, number>)
    : null;
}

/** Lifts failure_class, unsure, span and markers out of judge_meta onto the grade, when well formed. */
function toJudgedRow(rowId: string, judge: Judge, provenance: Provenance, result: NormalizedJudgeResult, createdAt: string): JudgedRow {
  const meta = { ...result.judge_meta };
  let failureClass: string | null = null;
  if (typeof meta['failure_class'] === 'string' && meta['failure_class'] !== '') {
    failureClass = meta['failure_class'];
    delete meta['failure_class'];
  } else if (meta['failure_class'] === null) {
    delete meta['failure_class'];
  }
  const unsure = meta['unsure'] === true;
  if (typeof meta['unsure'] === 'boolean') delete meta['unsure'];
  const span = TextSpan.safeParse(meta['span']);
  if (span.success || meta['span'] === null) delete meta['span'];
  const markers = numberRecord(meta['markers']);
  if (markers) delete meta['markers'];
  return {
    grade: {
      row_id: rowId,
      reward: result.reward,
      reason: result.judge_status === 'ok' ? result.reason : explainStatus(result, provenance.judge),
      judge_status: result.judge_status,
      label_source: judge.label_source,
      failure_class: failureClass,
      unsure,
      span: span.success ? span.data : null,
      judge_meta: meta,
      provenance,
      created_at: createdAt,
    },
    judge_meta: meta,
    markers,
  };
}

type Outcome = { kind: 'answer'; value: unknown } | { kind: 'error'; error: unknown } | { kind: 'timeout' };

async function judgeOne(row: Row, judge: Judge, options: RunJudgeOptions, timeoutMs: number | null): Promise<NormalizedJudgeResult> {
  let abandon: () => void = () => undefined;
  const abandoned = new Promise<void>((resolve) => {
    abandon = resolve;
  });
  const context: JudgeContext = { declared_tools: options.declared_tools ?? [], abandoned };
  const attempt: Promise<Outcome> = Promise.resolve()
    .then(() => judge.judge(row, context))
    .then(
      (value): Outcome => ({ kind: 'answer', value }),
      (error: unknown): Outcome => ({ kind: 'error', error }),
    );
  const timer = timeoutMs === null ? null : options.clock.after(timeoutMs);
  const racers: Promise<Outcome>[] = [attempt];
  if (timer) racers.push(timer.elapsed.then((): Outcome => ({ kind: 'timeout' })));
  const outcome = await Promise.race(racers);
  timer?.cancel();
  switch (outcome.kind) {
    case 'answer':
      return normalizeJudgeResult(outcome.value, judge.scale);
    case 'error': {
      const error = outcome.error;
      const message = error instanceof Error ? error.message : String(error);
      const errorType = error instanceof Error ? error.name : typeName(error);
      return { reward: null, reason: '', judge_status: 'error', judge_meta: { error: message, error_type: errorType } };
    }
    case 'timeout':
      abandon();
      return { reward: null, reason: '', judge_status: 'timeout', judge_meta: { timeout_ms: timeoutMs } };
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

/**
 * Grades every row with one judge (SDK `run_judge`), `concurrency` at a time, and returns the grades in row
 * order whatever order they finished in. A judge that throws gives `error`, one slower than `timeoutMs` gives
 * `timeout`, a malformed answer `invalid_result` or `missing_reward`: each with reward null, never a silent 0.
 * Every grade carries the judge's provenance as it stands when the row's answer lands (with `version` when given).
 * Throws JudgeConfigError before judging anything when a custom judge has no version or the options are unusable.
 */
export async function runJudge(rows: readonly Row[], judge: Judge, options: RunJudgeOptions): Promise<JudgedRow[]> {
  provenanceFor(judge, options.version);
  const concurrency = options.concurrency ?? DEFAULT_JUDGE_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new JudgeConfigError(`concurrency must be a whole number >= 1, got ${concurrency}`);
  const timeoutMs = options.timeoutMs === undefined ? DEFAULT_JUDGE_TIMEOUT_MS : options.timeoutMs;
  if (timeoutMs !== null && !(timeoutMs > 0)) throw new JudgeConfigError(`timeoutMs must be > 0 or null, got ${timeoutMs}`);
  if (judge.scale !== undefined) checkScale(judge.scale);
  const rowId = options.rowId ?? ((row: Row) => row.rollout_id);
  const results = new Array<JudgedRow>(rows.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < rows.length) {
      const index = next;
      next += 1;
      const row = rows[index]!;
      const normalized = await judgeOne(row, judge, options, timeoutMs);
      const judged = toJudgedRow(rowId(row), judge, provenanceFor(judge, options.version), normalized, options.clock.now());
      results[index] = judged;
      options.onGraded?.(judged, index);
    }
  };
  const workers = Math.min(concurrency, judge.max_concurrency ?? concurrency, rows.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

import { compareText } from '../../text';
import type { ModelErrorKind } from '../model-call-error';
import type { ServerWait } from './rate-limit-headers';
import { seconds, type RetryWait } from './retry-policy';

/** Waits of one cause: how many, how long in all and at most, how many were cut to the cap. */
export interface WaitFigures {
  count: number;
  total_ms: number;
  longest_ms: number;
  /** Waits the server asked to be longer than the cap allowed. */
  capped: number;
  /** The warning for the first of them (`rate limited by ...; waited 6.0 s as x-ratelimit-reset-requests said`). */
  first: string;
}

/** What one backend's calls did during a run: the figures behind the run's model warnings. */
export interface CallStatsSnapshot {
  spec: string;
  /** Calls asked of the backend (each may take several attempts). */
  calls: number;
  succeeded: number;
  /** Attempts beyond the first, by the failure that caused them. */
  retries: number;
  retried_by: Partial<Record<ModelErrorKind, number>>;
  /** Calls that failed for good, by kind. */
  failed_by: Partial<Record<ModelErrorKind, number>>;
  /** Request fields dropped because the model refused them (`temperature`: 3). */
  dropped: Record<string, number>;
  input_tokens: number;
  output_tokens: number;
  /** Tool calls whose arguments were malformed or outside the schema. */
  tool_call_problems: number;
  /** Waits before retrying a 429, by the header followed (`backoff` when none). */
  rate_limit_waits: Record<string, WaitFigures>;
  /** Pauses of new calls because a reply said a limit was at 0, by the reset header that timed them. */
  pauses: Record<string, WaitFigures>;
}

/** Counters for one backend; `snapshot` copies them. */
export class CallStats {
  #calls = 0;
  #succeeded = 0;
  #retries = 0;
  readonly #retriedBy: Partial<Record<ModelErrorKind, number>> = {};
  readonly #failedBy: Partial<Record<ModelErrorKind, number>> = {};
  readonly #dropped: Record<string, number> = {};
  #inputTokens = 0;
  #outputTokens = 0;
  #toolCallProblems = 0;
  readonly #rateLimitWaits: Record<string, WaitFigures> = {};
  readonly #pauses: Record<string, WaitFigures> = {};

  constructor(readonly spec: string) {}

  call(): void {
    this.#calls++;
  }

  succeeded(usage: { input_tokens: number; output_tokens: number }, toolCallProblems: number): void {
    this.#succeeded++;
    this.#inputTokens += usage.input_tokens;
    this.#outputTokens += usage.output_tokens;
    this.#toolCallProblems += toolCallProblems;
  }

  retried(kind: ModelErrorKind): void {
    this.#retries++;
    this.#retriedBy[kind] = (this.#retriedBy[kind] ?? 0) + 1;
  }

  failed(kind: ModelErrorKind): void {
    this.#failedBy[kind] = (this.#failedBy[kind] ?? 0) + 1;
  }

  dropped(param: string): void {
    this.#dropped[param] = (this.#dropped[param] ?? 0) + 1;
  }

  /** A wait before retrying a 429, with its warning text. */
  rateLimitWaited(wait: RetryWait, text: string): void {
    add(this.#rateLimitWaits, wait.source, wait.ms, wait.asked_ms !== undefined, text);
  }

  /**
   * New calls paused `ms` because a reply said a limit was at 0 until `reset`, or a 429 not to be retried named that
   * wait (`reset.header` is `backoff` when it named none).
   */
  paused(reset: ServerWait, ms: number, text: string): void {
    add(this.#pauses, reset.header, ms, ms < reset.ms, text);
  }

  snapshot(): CallStatsSnapshot {
    return {
      spec: this.spec,
      calls: this.#calls,
      succeeded: this.#succeeded,
      retries: this.#retries,
      retried_by: { ...this.#retriedBy },
      failed_by: { ...this.#failedBy },
      dropped: { ...this.#dropped },
      input_tokens: this.#inputTokens,
      output_tokens: this.#outputTokens,
      tool_call_problems: this.#toolCallProblems,
      rate_limit_waits: copyFigures(this.#rateLimitWaits),
      pauses: copyFigures(this.#pauses),
    };
  }
}

function add(figures: Record<string, WaitFigures>, cause: string, ms: number, capped: boolean, text: string): void {
  const current = (figures[cause] ??= { count: 0, total_ms: 0, longest_ms: 0, capped: 0, first: text });
  current.count++;
  current.total_ms += ms;
  current.longest_ms = Math.max(current.longest_ms, ms);
  if (capped) current.capped++;
}

const copyFigures = (figures: Record<string, WaitFigures>) =>
  Object.fromEntries(Object.entries(figures).map(([cause, value]) => [cause, { ...value }]));

const byName = <T>(record: Record<string, T>) => Object.entries(record).sort(([a], [b]) => compareText(a, b));

/** One sentence per cause: the first wait's own words when there was one, else how many and how long. */
function waitWarnings(figures: Record<string, WaitFigures>, many: (cause: string, figure: WaitFigures) => string): string[] {
  return byName(figures).map(([cause, figure]) => {
    if (figure.count === 1) return `${figure.first}.`;
    const capped = figure.capped > 0 ? `; ${figure.capped} cut to the longest wait allowed` : '';
    return `${many(cause, figure)} (longest ${seconds(figure.longest_ms)}${capped}).`;
  });
}

const counts = (record: Partial<Record<string, number>>) =>
  Object.entries(record)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

/**
 * Plain sentences about what went wrong on the way, for the run's warnings (nothing when every call went through
 * first time): retries, calls that failed for good, dropped fields, timeouts and malformed tool calls.
 */
export function callWarnings(snapshot: CallStatsSnapshot): string[] {
  const warnings: string[] = [];
  const { spec } = snapshot;
  if (snapshot.retries > 0) {
    warnings.push(`${spec}: ${snapshot.retries} model calls were retried (${counts(snapshot.retried_by)}) out of ${snapshot.calls}.`);
  }
  const failed = Object.values(snapshot.failed_by).reduce((sum, n) => sum + (n ?? 0), 0);
  if (failed > 0) {
    const timeouts = snapshot.failed_by.timeout ?? 0;
    const hint = timeouts > 0 ? ' Raise the timeout or lower the concurrency if the server is slow.' : '';
    warnings.push(`${spec}: ${failed} of ${snapshot.calls} model calls failed after retries (${counts(snapshot.failed_by)}).${hint}`);
  }
  for (const [param, n] of Object.entries(snapshot.dropped).sort(([a], [b]) => (a < b ? -1 : 1))) {
    warnings.push(`${spec} refused \`${param}\`: it was dropped and ${n} calls were sent without it.`);
  }
  warnings.push(
    ...waitWarnings(snapshot.rate_limit_waits, (cause, figure) => {
      const why = cause === 'backoff' ? ', backing off (the server named no wait)' : ` as ${cause} said`;
      return `rate limited by ${spec} ${figure.count} times; waited ${seconds(figure.total_ms)} in all${why}`;
    }),
    ...waitWarnings(snapshot.pauses, (cause, figure) => {
      const why = cause === 'backoff' ? ' (the server named no wait)' : ` as ${cause} said`;
      return `${spec} reported a limit used up ${figure.count} times; new calls were held ${seconds(figure.total_ms)} in all${why}`;
    }),
  );
  if (snapshot.tool_call_problems > 0) {
    warnings.push(`${spec}: ${snapshot.tool_call_problems} tool calls had malformed arguments or arguments outside the tool's schema.`);
  }
  return warnings;
}

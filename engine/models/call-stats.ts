import type { ModelErrorKind } from './model-call-error';

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
    };
  }
}

const counts = (record: Partial<Record<string, number>>) =>
  Object.entries(record)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
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
  if (snapshot.tool_call_problems > 0) {
    warnings.push(`${spec}: ${snapshot.tool_call_problems} tool calls had malformed arguments or arguments outside the tool's schema.`);
  }
  return warnings;
}

import { hashUnit } from '../../seeded';
import { CallStats } from './call-stats';
import type { ConcurrencyLimit } from './concurrency-limit';
import type { GenerateRequest, GenerateResponse, ModelBackend } from '../model-backend';
import { ModelCallError } from '../model-call-error';
import { exhaustedWindow } from './rate-limit-headers';
import type { RatePause } from './rate-pause';
import { DEFAULT_RETRY_POLICY, retryWait, retryWaitText, seconds, waitCap, type RetryPolicy } from './retry-policy';

/** Request fields a model may refuse that the call can do without (reasoning models refuse all three). */
export const DROPPABLE_PARAMETERS = ['temperature', 'logprobs'] as const;
type Droppable = (typeof DROPPABLE_PARAMETERS)[number];

const isDroppable = (param: string | undefined): param is Droppable => (DROPPABLE_PARAMETERS as readonly string[]).includes(param ?? '');

export interface ResilienceOptions {
  /** Shared by every backend on the same server (calls in flight there, whatever the model). */
  limit: ConcurrencyLimit;
  /**
   * Shared by every backend calling the same model on the same server (OpenAI and Anthropic limit per model): set
   * when a limit is used up, it holds this model's new calls, never another's. Without one, nothing is paused.
   */
  pause?: RatePause;
  retry?: RetryPolicy;
  /** Waits out a backoff (`setTimeout` in Node; instant in tests). */
  sleep(ms: number): Promise<void>;
  stats?: CallStats;
  /** The call timeout when a request sets none, in milliseconds: no wait is longer. */
  timeout_ms?: number;
}

export interface ResilientBackend extends ModelBackend {
  readonly stats: CallStats;
}

/**
 * Wraps a backend with what every provider needs: at most `limit` calls in flight, retries that wait as the server
 * says (`retry-after-ms`, `retry-after`, the reset of the limit that ran out, else backoff; see `retryWait`) with the
 * slot given back while waiting, and fields the model refuses (`temperature` on reasoning models, `logprobs` where
 * unsupported) dropped and the call re-sent at once — remembered, so later calls skip them. A reply saying a limit is
 * at 0 pauses this model's new calls on this server (`pause`) until its reset, rather than sending calls bound to get
 * 429s (so does a 429 timed by a reset header, and a 429 the server says not to retry). Auth, quota, bad requests and
 * timeouts are thrown at once (a timeout is the caller's to re-roll), unless the server's `x-should-retry` says
 * otherwise: it decides, as in the SDKs.
 */
export function withResilience(backend: ModelBackend, options: ResilienceOptions): ResilientBackend {
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const stats = options.stats ?? new CallStats(backend.spec);
  const refused = new Set<Droppable>();
  let callNumber = 0;

  const withoutRefused = (request: GenerateRequest, dropped: Set<string>): GenerateRequest => {
    let current = request;
    for (const param of refused) {
      if (current[param] === undefined) continue;
      const { [param]: _omitted, ...rest } = current;
      current = rest;
      dropped.add(param);
    }
    return current;
  };

  const cap = (request: GenerateRequest) => waitCap(policy, request.timeout_ms ?? options.timeout_ms);

  const pauseIfUsedUp = (response: GenerateResponse, capMs: number) => {
    const used = exhaustedWindow(response.rate_limits ?? []);
    if (!used) return;
    const ms = Math.min(used.reset.ms, capMs);
    if (ms <= 0 || !options.pause) return;
    options.pause.pauseFor(ms);
    const said =
      ms < used.reset.ms
        ? `, the longest wait allowed, though ${used.reset.header} said ${used.reset.value}`
        : ` as ${used.reset.header} said`;
    stats.paused(used.reset, ms, `${backend.spec} had no ${used.name} left; new calls were held ${seconds(ms)}${said}`);
  };

  /**
   * A 429 the server says not to retry (`x-should-retry: false`) fails this call at once, as in the SDKs; but the
   * model's limit is still used up, so its other calls are held for the wait the server named (`retry-after-ms`,
   * `retry-after`, a limit's reset), else for the first backoff, rather than each collecting its own 429.
   */
  const holdAfterRefusal = (error: unknown, capMs: number) => {
    if (!options.pause || !ModelCallError.isInstance(error) || error.kind !== 'rate_limit' || error.should_retry !== false) return;
    const named = error.wait;
    const wait = named ?? { ms: policy.initial_delay_ms, header: 'backoff', value: `${policy.initial_delay_ms}ms` };
    const ms = Math.min(wait.ms, Math.max(0, capMs));
    if (ms <= 0) return;
    options.pause.pauseFor(ms);
    const said = !named
      ? ' (the server named no wait)'
      : ms < named.ms
        ? `, the longest wait allowed, though ${named.header} said ${named.value}`
        : ` as ${named.header} said`;
    stats.paused(
      wait,
      ms,
      `${backend.spec} answered 429 with x-should-retry: false; that call was not retried, and new calls were held ${seconds(ms)}${said}`,
    );
  };

  return {
    spec: backend.spec,
    ...(backend.model ? { model: backend.model } : {}),
    stats,
    async generate(request) {
      stats.call();
      const call = callNumber++;
      const dropped = new Set<string>();
      let current = withoutRefused(request, dropped);
      for (let retry = 0; ;) {
        try {
          const response: GenerateResponse = await options.limit.run(() => backend.generate(current), options.pause);
          pauseIfUsedUp(response, cap(request));
          for (const param of dropped) stats.dropped(param);
          stats.succeeded(response.usage, response.tool_call_problems.length);
          return { ...response, dropped_parameters: [...dropped].sort() };
        } catch (error) {
          if (
            ModelCallError.isInstance(error) &&
            error.kind === 'unsupported_parameter' &&
            isDroppable(error.param) &&
            current[error.param] !== undefined
          ) {
            refused.add(error.param);
            current = withoutRefused(current, dropped);
            continue;
          }
          const wait = retryWait(error, retry, policy, hashUnit(`${backend.spec}:${call}:${retry}`), cap(request));
          const kind = ModelCallError.isInstance(error) ? error.kind : 'malformed_response';
          if (wait === undefined) {
            holdAfterRefusal(error, cap(request));
            for (const param of dropped) stats.dropped(param);
            stats.failed(kind);
            throw error;
          }
          stats.retried(kind);
          if (kind === 'rate_limit') {
            stats.rateLimitWaited(wait, retryWaitText(backend.spec, error, wait));
            // The model's limit ran out: hold its other calls too instead of letting each collect its own 429.
            if (wait.source !== 'backoff' && !wait.source.startsWith('retry-after')) options.pause?.pauseFor(wait.ms);
          }
          retry++;
          await options.sleep(wait.ms);
        }
      }
    },
  };
}

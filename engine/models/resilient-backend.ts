import { hashUnit } from '../seeded';
import { CallStats } from './call-stats';
import type { ConcurrencyLimit } from './concurrency-limit';
import type { GenerateRequest, GenerateResponse, ModelBackend } from './model-backend';
import { ModelCallError } from './model-call-error';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-policy';

/** Request fields a model may refuse that the call can do without (reasoning models refuse all three). */
export const DROPPABLE_PARAMETERS = ['temperature', 'logprobs'] as const;
type Droppable = (typeof DROPPABLE_PARAMETERS)[number];

const isDroppable = (param: string | undefined): param is Droppable => (DROPPABLE_PARAMETERS as readonly string[]).includes(param ?? '');

export interface ResilienceOptions {
  /** Shared by every backend on the same endpoint. */
  limit: ConcurrencyLimit;
  retry?: RetryPolicy;
  /** Waits out a backoff (`setTimeout` in Node; instant in tests). */
  sleep(ms: number): Promise<void>;
  stats?: CallStats;
}

export interface ResilientBackend extends ModelBackend {
  readonly stats: CallStats;
}

/**
 * Wraps a backend with what every provider needs: at most `limit` calls in flight, retries with backoff that honour
 * `retry-after` (the slot is given back while waiting), and fields the model refuses (`temperature` on reasoning
 * models, `logprobs` where unsupported) dropped and the call re-sent at once — remembered, so later calls skip them.
 * Auth, quota, bad requests and timeouts are thrown at once: a timeout is the caller's to re-roll.
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

  return {
    spec: backend.spec,
    stats,
    async generate(request) {
      stats.call();
      const call = callNumber++;
      const dropped = new Set<string>();
      let current = withoutRefused(request, dropped);
      for (let retry = 0; ; ) {
        try {
          const response: GenerateResponse = await options.limit.run(() => backend.generate(current));
          for (const param of dropped) stats.dropped(param);
          stats.succeeded(response.usage, response.tool_call_problems.length);
          return { ...response, dropped_parameters: [...dropped].sort() };
        } catch (error) {
          if (ModelCallError.isInstance(error) && error.kind === 'unsupported_parameter' && isDroppable(error.param) && current[error.param] !== undefined) {
            refused.add(error.param);
            current = withoutRefused(current, dropped);
            continue;
          }
          const delay = retryDelay(error, retry, policy, hashUnit(`${backend.spec}:${call}:${retry}`));
          const kind = ModelCallError.isInstance(error) ? error.kind : 'malformed_response';
          if (delay === undefined) {
            for (const param of dropped) stats.dropped(param);
            stats.failed(kind);
            throw error;
          }
          stats.retried(kind);
          retry++;
          await options.sleep(delay);
        }
      }
    },
  };
}

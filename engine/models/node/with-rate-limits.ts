import type { GenerateResponse } from '../model-backend';
import { rateLimitWindows, type HeaderReader } from '../resilience/rate-limit-headers';

/** The response with the limits its HTTP headers report (unchanged when they report none, as from local servers). */
export function withRateLimits(response: GenerateResponse, headers: HeaderReader, now: number): GenerateResponse {
  const windows = rateLimitWindows(headers, now);
  return windows.length === 0 ? response : { ...response, rate_limits: windows };
}

import type { ModelBackend } from './model-backend';
import { ModelCallError, type ModelErrorKind } from './model-call-error';

/** The probe's question: one user line, a 1-token answer. */
export const PROBE_MESSAGE = 'Reply with the word OK.';

/**
 * Failures that every call of a run would meet too, so the run must not start: the key, the credit, the URL, the
 * protocol. A server that cannot be reached, is busy or slow only warns: the run retries those, and a local server
 * may be started after the check.
 */
const BLOCKING: ReadonlySet<ModelErrorKind> = new Set(['auth', 'quota', 'not_found', 'malformed_response']);

export type ProbeResult =
  | { ok: true; spec: string }
  /** `blocks`: the run would fail on every call the same way; else a passing trouble (busy, slow) worth a warning. */
  | { ok: false; spec: string; kind: ModelErrorKind; message: string; blocks: boolean };

/**
 * One cheap call before a run (a 1-token completion, so it checks the key, the credit, the base URL and the model
 * name at once): a refused key, an empty account or a 404 stop there, before any budget is spent, instead of after
 * forty failed calls. The backend's own retries still apply to a 429 or a 5xx.
 */
export async function probeModel(backend: ModelBackend, timeout_ms?: number): Promise<ProbeResult> {
  try {
    await backend.generate({
      messages: [{ role: 'user', content: PROBE_MESSAGE }],
      max_tokens: 1,
      ...(timeout_ms === undefined ? {} : { timeout_ms }),
    });
    return { ok: true, spec: backend.spec };
  } catch (error) {
    const failure = ModelCallError.isInstance(error)
      ? error
      : new ModelCallError(`${backend.spec} failed: ${error instanceof Error ? error.message : String(error)}`, {
          kind: 'malformed_response',
          spec: backend.spec,
        });
    return { ok: false, spec: backend.spec, kind: failure.kind, message: failure.message, blocks: BLOCKING.has(failure.kind) };
  }
}

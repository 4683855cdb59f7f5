import { REFERENCE_MIN_CHARS } from './rules';
import { referenceLeaves } from './references';
import type { ToolStep } from './steps';

/** Tool statuses that mean the call failed (the SDK's `_BAD_STATUS`). */
const FAILED_STATUSES = new Set([
  'rejected',
  'not_found',
  'error',
  'blocked',
  'denied',
  'failed',
  'unauthorized',
  'invalid',
  'timeout',
  'permission_denied',
]);
/** Statuses under which an empty `error` key is just an empty field. */
const WORKED_STATUSES = new Set(['ok', 'created', 'deleted']);
const HTTP_FAILURE = /^[45]\d\d$/;
const GARBLED = /<<garbled|garbled resp/i;
const ALREADY_DONE_STATUSES = new Set(['already_done', 'already_acted_on']);

function statusOf(result: Record<string, unknown>): string {
  const status = result['status'];
  return status === undefined || status === null ? '' : String(status).trim().toLowerCase();
}

/**
 * A faulted step, as opposed to a tool's own vocabulary (`paid`, `open`): a failure status, an HTTP 4xx/5xx
 * code, `exit_N` with N != 0, a `stale` flag, "permission" in the status, a garbled payload, an `error` key
 * (empty under a status that is not ok/created/deleted, or any under status ""/error), or a scheduled fault
 * the world says fired.
 */
export function stepFaulted(step: ToolStep): boolean {
  if (step.fault !== null) return true;
  const result = step.result;
  const status = statusOf(result);
  if (FAILED_STATUSES.has(status) || HTTP_FAILURE.test(status)) return true;
  if (status.startsWith('exit_') && status !== 'exit_0' && status !== 'exit_') return true;
  if (isTruthy(result['stale']) || status.includes('permission')) return true;
  if (step.result_text !== null && GARBLED.test(step.result_text)) return true;
  if ('error' in result) {
    const error = result['error'] === null || result['error'] === undefined ? '' : String(result['error']).trim();
    if (error === '' && !WORKED_STATUSES.has(status)) return true;
    if (error !== '' && (status === '' || status === 'error')) return true;
  }
  return false;
}

function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** The world answered that the action was already done: not a miss, but "do it anyway" is a contradiction. */
export function alreadyDone(step: ToolStep): boolean {
  const reason = step.result['reason'];
  return (
    ALREADY_DONE_STATUSES.has(statusOf(step.result)) || (typeof reason === 'string' && reason.trim().toLowerCase() === 'already_acted_on')
  );
}

/** A call that did not work for any reason the run counts against a tool (a fault, or already done). */
export function stepMissed(step: ToolStep): boolean {
  return stepFaulted(step) || alreadyDone(step);
}

export interface FaultView {
  /** Tools whose last call faulted, in first-seen order. */
  outstanding: string[];
  /** Tools with any faulted call, in first-seen order. */
  faulted: string[];
  /**
   * Reference values sent to faulted calls and ids the world reported missing (>= 3 chars), less those a later
   * successful call of the same tool used (the retry worked: naming that id as done is true).
   */
  failed_ids: string[];
  /** Some call worked after an earlier fault. */
  later_success: boolean;
  /** The last faulted step of each outstanding tool. */
  last_fault: Map<string, ToolStep>;
}

export function faultView(steps: readonly ToolStep[]): FaultView {
  const lastFaulted = new Map<string, boolean>();
  const lastFault = new Map<string, ToolStep>();
  const faulted: string[] = [];
  const failedIds: Array<{ tool: string; id: string }> = [];
  let seenFault = false;
  let laterSuccess = false;
  for (const step of steps) {
    if (!stepFaulted(step)) {
      lastFaulted.set(step.tool, false);
      if (seenFault) laterSuccess = true;
      const used = new Set(referenceLeaves(step.arguments).map((leaf) => leaf.value.trim()));
      for (let index = failedIds.length - 1; index >= 0; index--) {
        const failed = failedIds[index]!;
        if (failed.tool === step.tool && used.has(failed.id)) failedIds.splice(index, 1);
      }
      continue;
    }
    seenFault = true;
    lastFaulted.set(step.tool, true);
    lastFault.set(step.tool, step);
    if (!faulted.includes(step.tool)) faulted.push(step.tool);
    for (const leaf of referenceLeaves(step.arguments)) {
      const text = leaf.value.trim();
      if (text.length >= REFERENCE_MIN_CHARS) failedIds.push({ tool: step.tool, id: text });
    }
    const missing = step.result['missing'];
    if (Array.isArray(missing)) {
      for (const item of missing) {
        const text = String(item).trim();
        if (text.length >= REFERENCE_MIN_CHARS && !['entity', 'missing'].includes(text.toLowerCase()))
          failedIds.push({ tool: step.tool, id: text });
      }
    }
  }
  const outstanding = [...lastFaulted].filter(([, isFaulted]) => isFaulted).map(([tool]) => tool);
  return { outstanding, faulted, failed_ids: failedIds.map((failed) => failed.id), later_success: laterSuccess, last_fault: lastFault };
}

import { isToolStep, type TraceRow } from './trace-row';

/** What went wrong in a tool's answer, as trace mining names it. */
export const FAULT_CHIPS = ['timeout', 'malformed', 'stale', 'deny', 'error', 'not_found', 'already_done'] as const;
export type FaultChip = (typeof FAULT_CHIPS)[number];

/**
 * Observed fault -> the grid axis value that reproduces it. A generic `error` maps to `timeout`, since an error
 * has no fault of its own on the grid (the SDK's FAULT_TO_AXIS).
 */
export const FAULT_TO_AXIS: Readonly<Record<FaultChip, { axis: 'tool_condition' | 'world_state'; value: string }>> = {
  timeout: { axis: 'tool_condition', value: 'timeout' },
  malformed: { axis: 'tool_condition', value: 'malformed_result' },
  stale: { axis: 'tool_condition', value: 'stale_result' },
  deny: { axis: 'tool_condition', value: 'permission_denied' },
  error: { axis: 'tool_condition', value: 'timeout' },
  not_found: { axis: 'world_state', value: 'entity missing' },
  already_done: { axis: 'world_state', value: 'entity already acted on' },
};

const STATUS_CHIPS: Readonly<Record<string, FaultChip>> = {
  timeout: 'timeout',
  timed_out: 'timeout',
  deadline_exceeded: 'timeout',
  malformed: 'malformed',
  malformed_result: 'malformed',
  invalid_response: 'malformed',
  stale: 'stale',
  stale_result: 'stale',
  denied: 'deny',
  permission_denied: 'deny',
  forbidden: 'deny',
  unauthorized: 'deny',
  not_found: 'not_found',
  missing: 'not_found',
  already_done: 'already_done',
  already_cancelled: 'already_done',
  already_refunded: 'already_done',
  error: 'error',
  failed: 'error',
  failure: 'error',
  rate_limited: 'error',
  unavailable: 'error',
};

/** Reads the kind of an error from its words, for answers that only say "error". */
function chipFromText(text: string): FaultChip {
  const low = text.toLowerCase();
  if (/time[sd]?[ -]?out|deadline/.test(low)) return 'timeout';
  if (/permission|denied|forbidden|unauthori[sz]ed|not allowed|\b403\b/.test(low)) return 'deny';
  if (/not found|no such|does not exist|unknown (?:id|order|record)|\b404\b/.test(low)) return 'not_found';
  if (/malformed|invalid json|cannot parse|parse error|truncated/.test(low)) return 'malformed';
  if (/\bstale\b|out of date|outdated/.test(low)) return 'stale';
  if (/already (?:been )?(?:cancel|refund|done|processed|closed|deleted|completed)/.test(low)) return 'already_done';
  return 'error';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fault a tool's answer shows, or null when it reads as a normal answer. */
export function resultFault(result: unknown): FaultChip | null {
  if (typeof result === 'string') {
    const text = result.trim();
    if (/^(?:error|exception|traceback)\b/i.test(text) || /\btimed out\b/i.test(text)) return chipFromText(text);
    return null;
  }
  if (!isRecord(result)) return null;
  const status =
    typeof result.status === 'string'
      ? result.status
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : '';
  const errorText = [result.error, result.message, result.detail].filter((value) => typeof value === 'string' && value !== '').join(' ');
  if (status !== '') {
    const chip = STATUS_CHIPS[status] ?? (status.startsWith('already_') ? 'already_done' : undefined);
    if (chip === 'error') return errorText === '' ? 'error' : chipFromText(errorText);
    if (chip) return chip;
    return null;
  }
  if (result.error !== undefined && result.error !== null && result.error !== false && result.error !== '') {
    return chipFromText(typeof result.error === 'string' ? result.error : JSON.stringify(result.error));
  }
  return null;
}

/** Every fault the trace's tool answers show, in step order (repeats kept). */
export function traceFaults(row: Pick<TraceRow, 'steps'>): FaultChip[] {
  return row.steps.filter(isToolStep).flatMap((step) => {
    const chip = resultFault(step.result);
    return chip ? [chip] : [];
  });
}

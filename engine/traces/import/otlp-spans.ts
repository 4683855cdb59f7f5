import { decodeAttributes } from './otlp-values';
import type { TraceIssue } from './trace-import-error';

/** One span of an OTLP/JSON batch, decoded and checked. */
export interface OtlpSpan {
  trace_id: string;
  /** '' when the span has none. */
  span_id: string;
  name: string;
  /** Nanoseconds since the epoch; 0n when the span gives no start. */
  start_ns: bigint;
  /** The span's attributes over its resource's (the span wins on a clash). */
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** Where the span sits in the file, for messages: `resourceSpans[0].scopeSpans[1].spans[2]`. */
  path: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type Located = { span: unknown; path: string; resource: Record<string, unknown> };

/** `resourceSpans[].scopeSpans[]` (or the older `instrumentationLibrarySpans[]`) `.spans[]`, `{spans}`, or a list. */
function locateSpans(source: unknown, file: string, issues: TraceIssue[]): Located[] {
  const located: Located[] = [];
  if (Array.isArray(source)) return source.map((span, index) => ({ span, path: `[${index}]`, resource: {} }));
  if (!isRecord(source)) {
    issues.push({ file, message: 'an OTLP JSON file must be an object with "resourceSpans", an object with "spans", or a list of spans' });
    return located;
  }
  if (Array.isArray(source.spans)) return source.spans.map((span, index) => ({ span, path: `spans[${index}]`, resource: {} }));
  if (!Array.isArray(source.resourceSpans)) {
    issues.push({
      file,
      field: 'resourceSpans',
      message: 'expected "resourceSpans": [...] (an OTLP/HTTP JSON trace batch) or "spans": [...]',
    });
    return located;
  }
  source.resourceSpans.forEach((resourceSpans, resourceIndex) => {
    const base = `resourceSpans[${resourceIndex}]`;
    if (!isRecord(resourceSpans)) {
      issues.push({ file, field: base, message: 'each resourceSpans entry must be an object' });
      return;
    }
    const resourceAttributes = isRecord(resourceSpans.resource)
      ? decodeAttributes(resourceSpans.resource.attributes)
      : { attributes: {}, issues: [] };
    for (const issue of resourceAttributes.issues)
      issues.push({ file, field: `${base}.resource.attributes.${issue.field}`, message: issue.message });
    const scopeKey = Array.isArray(resourceSpans.scopeSpans) ? 'scopeSpans' : 'instrumentationLibrarySpans';
    const scopes = resourceSpans[scopeKey] ?? [];
    if (!Array.isArray(scopes)) {
      issues.push({ file, field: `${base}.${scopeKey}`, message: 'must be a list' });
      return;
    }
    scopes.forEach((scope, scopeIndex) => {
      const scopePath = `${base}.${scopeKey}[${scopeIndex}]`;
      const spans = isRecord(scope) ? (scope.spans ?? []) : undefined;
      if (!Array.isArray(spans)) {
        issues.push({ file, field: `${scopePath}.spans`, message: 'must be a list of spans' });
        return;
      }
      spans.forEach((span, spanIndex) =>
        located.push({ span, path: `${scopePath}.spans[${spanIndex}]`, resource: resourceAttributes.attributes }),
      );
    });
  });
  return located;
}

function startOf(span: Record<string, unknown>): { ns: bigint } | { error: string; field: string } {
  const nanos = span.startTimeUnixNano ?? span.start_time_unix_nano;
  if (nanos !== undefined && nanos !== null && nanos !== '') {
    const text = typeof nanos === 'number' && Number.isInteger(nanos) ? String(nanos) : nanos;
    if (typeof text === 'string' && /^\d+$/.test(text.trim())) return { ns: BigInt(text.trim()) };
    return { field: 'startTimeUnixNano', error: `must be nanoseconds as a decimal string, got ${JSON.stringify(nanos)}` };
  }
  // Span dumps from some gateways stamp milliseconds, not nanos.
  for (const key of ['startedMs', 'started_ms', 'startTimeMs']) {
    const millis = span[key];
    if (millis === undefined || millis === null) continue;
    if (typeof millis === 'number' && Number.isFinite(millis) && millis >= 0) return { ns: BigInt(Math.round(millis)) * 1_000_000n };
    return { field: key, error: `must be milliseconds as a number, got ${JSON.stringify(millis)}` };
  }
  return { ns: 0n };
}

const STATUS_CODES: Readonly<Record<string, number>> = {
  STATUS_CODE_UNSET: 0,
  STATUS_CODE_OK: 1,
  STATUS_CODE_ERROR: 2,
  UNSET: 0,
  OK: 1,
  ERROR: 2,
};

function statusOf(raw: unknown): { code: number; message: string } | string {
  if (raw === undefined || raw === null) return { code: 0, message: '' };
  if (!isRecord(raw)) return 'status must be {"code": 0|1|2, "message": "..."}';
  const code =
    typeof raw.code === 'number'
      ? raw.code
      : typeof raw.code === 'string'
        ? STATUS_CODES[raw.code]
        : raw.code === undefined
          ? 0
          : undefined;
  if (code === undefined || ![0, 1, 2].includes(code)) return `status.code must be 0, 1 or 2, got ${JSON.stringify(raw.code)}`;
  return { code, message: typeof raw.message === 'string' ? raw.message : '' };
}

/** Every span of a parsed OTLP JSON document, with each malformed field reported by span id and field. */
export function readOtlpSpans(source: unknown, file: string): { spans: OtlpSpan[]; issues: TraceIssue[] } {
  const issues: TraceIssue[] = [];
  const spans: OtlpSpan[] = [];
  for (const { span, path, resource } of locateSpans(source, file, issues)) {
    if (!isRecord(span)) {
      issues.push({ file, field: path, message: 'a span must be an object' });
      continue;
    }
    const rawSpanId = span.spanId ?? span.span_id;
    const spanId = typeof rawSpanId === 'string' ? rawSpanId : '';
    const problem = (field: string, message: string) => {
      issues.push(spanId === '' ? { file, field: `${path}.${field}`, message } : { file, span_id: spanId, field, message });
    };
    const traceId = span.traceId ?? span.trace_id;
    if (typeof traceId !== 'string' || traceId.trim() === '') {
      problem('traceId', 'every span needs a traceId (hex string)');
      continue;
    }
    if (rawSpanId !== undefined && typeof rawSpanId !== 'string') problem('spanId', 'must be a hex string');
    const start = startOf(span);
    if ('error' in start) problem(start.field, start.error);
    const decoded = decodeAttributes(span.attributes);
    for (const issue of decoded.issues) problem(issue.field === 'attributes' ? 'attributes' : `attributes.${issue.field}`, issue.message);
    const status = statusOf(span.status);
    if (typeof status === 'string') problem('status', status);
    const events: OtlpSpan['events'] = [];
    if (span.events !== undefined && !Array.isArray(span.events)) problem('events', 'must be a list');
    for (const [index, event] of (Array.isArray(span.events) ? span.events : []).entries()) {
      if (!isRecord(event)) {
        problem(`events[${index}]`, 'an event must be an object');
        continue;
      }
      const eventAttributes = decodeAttributes(event.attributes);
      for (const issue of eventAttributes.issues) problem(`events[${index}].attributes.${issue.field}`, issue.message);
      events.push({ name: typeof event.name === 'string' ? event.name : '', attributes: eventAttributes.attributes });
    }
    spans.push({
      trace_id: traceId.trim(),
      span_id: spanId,
      name: typeof span.name === 'string' ? span.name : '',
      start_ns: 'ns' in start ? start.ns : 0n,
      attributes: { ...resource, ...decoded.attributes },
      events,
      status: typeof status === 'string' ? { code: 0, message: '' } : status,
      path,
    });
  }
  return { spans, issues };
}

/** Span attributes as plain values: OTLP `AnyValue`s decoded, int64 strings read as numbers when exact. */
export type Attributes = Readonly<Record<string, unknown>>;

export type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

const ANY_VALUE_KEYS = ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An OTLP JSON int64: a decimal string (or a number from lenient writers). Larger than 2^53 stays a string. */
function decodeInt(raw: unknown): Decoded {
  if (typeof raw === 'number' && Number.isInteger(raw)) return { ok: true, value: raw };
  if (typeof raw === 'string' && /^-?\d+$/.test(raw.trim())) {
    const value = Number(raw);
    return { ok: true, value: Number.isSafeInteger(value) ? value : raw.trim() };
  }
  return { ok: false, message: `intValue must be a decimal integer string, got ${JSON.stringify(raw)}` };
}

function decodeDouble(raw: unknown): Decoded {
  if (typeof raw === 'number') return { ok: true, value: raw };
  if (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))) return { ok: true, value: Number(raw) };
  return { ok: false, message: `doubleValue must be a number, got ${JSON.stringify(raw)}` };
}

/** Looks like an OTLP AnyValue: an object whose only keys are AnyValue kinds (`{}` is the empty value). */
export function isAnyValue(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Object.keys(value).every((key) => (ANY_VALUE_KEYS as readonly string[]).includes(key));
}

/** Decodes one AnyValue (any other shape is already a plain value and passes through). */
export function decodeAnyValue(value: unknown): Decoded {
  if (!isAnyValue(value)) return { ok: true, value };
  if ('stringValue' in value) {
    return typeof value.stringValue === 'string'
      ? { ok: true, value: value.stringValue }
      : { ok: false, message: 'stringValue must be a string' };
  }
  if ('boolValue' in value) {
    return typeof value.boolValue === 'boolean'
      ? { ok: true, value: value.boolValue }
      : { ok: false, message: 'boolValue must be true or false' };
  }
  if ('intValue' in value) return decodeInt(value.intValue);
  if ('doubleValue' in value) return decodeDouble(value.doubleValue);
  if ('bytesValue' in value) return { ok: true, value: value.bytesValue };
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) ? (value.arrayValue.values ?? []) : undefined;
    if (!Array.isArray(values)) return { ok: false, message: 'arrayValue must be {"values": [...]}' };
    const items: unknown[] = [];
    for (const item of values) {
      const decoded = decodeAnyValue(item);
      if (!decoded.ok) return decoded;
      items.push(decoded.value);
    }
    return { ok: true, value: items };
  }
  if ('kvlistValue' in value) {
    const values = isRecord(value.kvlistValue) ? (value.kvlistValue.values ?? []) : undefined;
    if (!Array.isArray(values)) return { ok: false, message: 'kvlistValue must be {"values": [{key, value}...]}' };
    const decoded = decodeAttributes(values);
    if (decoded.issues.length > 0) return { ok: false, message: decoded.issues[0]!.message };
    return { ok: true, value: decoded.attributes };
  }
  return { ok: true, value: null };
}

export interface AttributeIssue {
  field: string;
  message: string;
}

/** Attributes given as an OTLP list of `{key, value}` or as a plain object; every bad entry is reported. */
export function decodeAttributes(raw: unknown): { attributes: Record<string, unknown>; issues: AttributeIssue[] } {
  const attributes: Record<string, unknown> = {};
  const issues: AttributeIssue[] = [];
  if (raw === undefined || raw === null) return { attributes, issues };
  if (Array.isArray(raw)) {
    raw.forEach((item, index) => {
      if (!isRecord(item) || typeof item.key !== 'string' || item.key === '') {
        issues.push({ field: `attributes[${index}]`, message: 'each attribute must be {"key": "...", "value": {...}}' });
        return;
      }
      const decoded = decodeAnyValue(item.value ?? {});
      if (decoded.ok) attributes[item.key] = decoded.value;
      else issues.push({ field: item.key, message: decoded.message });
    });
    return { attributes, issues };
  }
  if (isRecord(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      const decoded = decodeAnyValue(value);
      if (decoded.ok) attributes[key] = decoded.value;
      else issues.push({ field: key, message: decoded.message });
    }
    return { attributes, issues };
  }
  issues.push({ field: 'attributes', message: 'attributes must be a list of {key, value} or an object' });
  return { attributes, issues };
}

/** The first of `keys` present with a non-empty value. */
export function firstAttribute(attributes: Attributes, keys: readonly string[]): { key: string; value: unknown } | undefined {
  for (const key of keys) {
    const value = attributes[key];
    if (value !== undefined && value !== null && value !== '') return { key, value };
  }
  return undefined;
}

/** A string that looks like JSON (`{` or `[` first) parsed; other values as they are. */
export function parseJsonText(value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof value !== 'string') return { ok: true, value };
  const text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `looks like JSON but does not parse: ${error instanceof Error ? error.message : String(error)}` };
  }
}

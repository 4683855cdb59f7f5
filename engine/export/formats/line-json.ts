import { sealedToolsJson } from './tool-schemas';

/**
 * `JSON.stringify(line)`, byte for byte, with a `tools` list built by `functionTools` spliced in as its cached text:
 * every line of an export carries the same schemas, so they are serialised once, not once per line. The list may sit
 * in the line or in its `input` (OpenAI's DPO line): there it was a third of a DPO export's serialising.
 */
export function lineJson(line: Record<string, unknown>): string {
  const toolsJson = sealedToolsJson(line.tools);
  if (toolsJson !== undefined) return splicedJson(line, 'tools', toolsJson);
  const { input } = line;
  if (isPlainObject(input) && sealedToolsJson(input.tools) !== undefined) return splicedJson(line, 'input', lineJson(input));
  return JSON.stringify(line);
}

/** A plain object without `toJSON`: JSON.stringify writes its own members alone. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value);

/** `JSON.stringify(line)` with the member `at` written as `text` (its value's JSON, made by the caller). */
function splicedJson(line: Record<string, unknown>, at: string, text: string): string {
  // Plain objects keep V8's fast JSON path; a `__proto__` key (never ours) would not copy as data, so it takes the slow way.
  const head: Record<string, unknown> = {};
  const tail: Record<string, unknown> = {};
  let after = false;
  for (const key of Object.keys(line)) {
    if (key === '__proto__') return JSON.stringify(line);
    if (key === at) after = true;
    else (after ? tail : head)[key] = line[key];
  }
  const headText = JSON.stringify(head);
  const tailText = JSON.stringify(tail);
  const tailMembers = tailText.length > 2 ? `,${tailText.slice(1)}` : '}';
  return `${headText.slice(0, -1)}${headText.length > 2 ? ',' : ''}${JSON.stringify(at)}:${text}${tailMembers}`;
}

import { sealedToolsJson } from './tool-schemas';

/**
 * `JSON.stringify(line)`, byte for byte, with a `tools` list built by `functionTools` spliced in as its cached text:
 * every line of an export carries the same schemas, so they are serialised once, not once per line.
 */
export function lineJson(line: Record<string, unknown>): string {
  const toolsJson = sealedToolsJson(line.tools);
  if (toolsJson === undefined) return JSON.stringify(line);
  // Plain objects keep V8's fast JSON path; a `__proto__` key (never ours) would not copy as data, so it takes the slow way.
  const head: Record<string, unknown> = {};
  const tail: Record<string, unknown> = {};
  let after = false;
  for (const key of Object.keys(line)) {
    if (key === '__proto__') return JSON.stringify(line);
    if (key === 'tools') after = true;
    else (after ? tail : head)[key] = line[key];
  }
  const headText = JSON.stringify(head);
  const tailText = JSON.stringify(tail);
  const tailMembers = tailText.length > 2 ? `,${tailText.slice(1)}` : '}';
  return `${headText.slice(0, -1)}${headText.length > 2 ? ',' : ''}"tools":${toolsJson}${tailMembers}`;
}

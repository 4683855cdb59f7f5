import type { ToolSpec } from '../../shared/domain';
import { knownIdsIn } from '../spec/known-ids';
import { REFERENCE_KEY } from './tool-names';

export interface ReferenceValue {
  /** Where in the arguments: `order_id`, `items.sku`. */
  path: string;
  /** The last key on the path (`order_id`), which names the kind of entity. */
  key: string;
  value: string;
}

/** Every entity the call names: string or integer leaves under a reference key, in argument order. */
export function referenceValues(args: unknown, prefix = ''): ReferenceValue[] {
  const found: ReferenceValue[] = [];
  if (Array.isArray(args)) {
    for (const item of args) found.push(...referenceValues(item, prefix));
  } else if (args !== null && typeof args === 'object') {
    for (const [key, value] of Object.entries(args)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      if (value !== null && typeof value === 'object') found.push(...referenceValues(value, path));
      else if ((typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isInteger(value))) {
        if (REFERENCE_KEY.test(key)) found.push({ path, key, value: String(value).trim() });
      }
    }
  }
  return found;
}

function descriptions(node: unknown, into: string[]): void {
  if (Array.isArray(node)) node.forEach((item) => descriptions(item, into));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') into.push(value);
      else descriptions(value, into);
    }
  }
}

const knownIdsCache = new WeakMap<readonly ToolSpec[], readonly string[]>();

/** Ids written into tool and parameter descriptions ("Orders on file: ORD-1042, ORD-2231"), document order, unique. */
export function knownIdsFromTools(tools: readonly ToolSpec[]): readonly string[] {
  const cached = knownIdsCache.get(tools);
  if (cached) return cached;
  const ids = collectKnownIds(tools);
  knownIdsCache.set(tools, ids);
  return ids;
}

function collectKnownIds(tools: readonly ToolSpec[]): string[] {
  const texts: string[] = [];
  for (const tool of tools) {
    texts.push(tool.description);
    descriptions(tool.parameters, texts);
  }
  return knownIdsIn(texts.join('\n'));
}

/** The form ids are compared in: trimmed, case-folded, without a leading `#` ("ord-1042" names ORD-1042). */
export function entityKey(value: string): string {
  return value.trim().replace(/^#/, '').toLowerCase();
}

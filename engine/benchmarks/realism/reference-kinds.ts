import type { Row, Spec } from '../../../shared/domain';
import { KNOWN_ID_PATTERN } from '../../spec/known-ids';
import { ID_KEY, isObject, NOT_AN_ID } from '../../world/audit/id-audit';
import { idKindsFor, type IdKinds } from '../../world/id-kinds';
import { referenceNoun } from '../../world/tool-names';

/** The kinds of entity a tool's parameters take (`order` for `order_id`, `product` for `sku`). */
function parameterKinds(schema: unknown, tool: string, into: Set<string>): void {
  if (!isObject(schema) || !isObject(schema.properties)) return;
  for (const [key, child] of Object.entries(schema.properties)) {
    if (ID_KEY.test(key) && !NOT_AN_ID.test(key)) into.add(referenceNoun(key, tool));
    parameterKinds(child, tool, into);
    if (isObject(child)) parameterKinds(child.items, tool, into);
  }
}

/** The kinds of id the row's ask needs: its tool's (every tool's for `multi_tool`); none for an off-topic ask. */
export function wantedKinds(spec: Pick<Spec, 'tools'>, tool: string): Set<string> | undefined {
  const wanted = new Set<string>();
  const tools = tool === 'multi_tool' ? spec.tools : spec.tools.filter((candidate) => candidate.name === tool);
  if (tools.length === 0) return undefined;
  for (const candidate of tools) parameterKinds(candidate.parameters, candidate.name, wanted);
  return wanted;
}

/**
 * An id the person wrote that names a kind of entity the ask does not take (a customer number "as the reference"
 * for an order), or undefined. Ids whose prefix names no known kind are not judged.
 */
export function rowReferenceKindError(
  row: Pick<Row, 'messages' | 'situation'>,
  spec: Pick<Spec, 'tools'>,
  kinds: IdKinds,
): string | undefined {
  const wanted = wantedKinds(spec, row.situation.dimensions.tool);
  if (wanted === undefined || wanted.size === 0) return undefined;
  for (const message of row.messages) {
    if (message.role !== 'user') continue;
    for (const id of message.content.match(KNOWN_ID_PATTERN) ?? []) {
      const named = kinds.kindsOf(id);
      if (named.length > 0 && !named.some((kind) => wanted.has(kind))) return `${id} (${named.join('/')}) for ${[...wanted].join('/')}`;
    }
  }
  return undefined;
}

export function specIdKinds(spec: Pick<Spec, 'tools' | 'result_shapes'>): IdKinds {
  return idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes });
}

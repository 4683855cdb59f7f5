import type { ToolSpec } from '../../../shared/domain';
import { sha256Hex } from '../../seeded';
import { idKindsFor, idPrefix, isIdKey } from '../../world/id-kinds';
import { knownIdsFromTools } from '../../world/references';
import { referenceNoun, toolNoun } from '../../world/tool-names';
import { idFormatFor } from '../../world/world-catalog';

/** The number a person quotes for their ask, and the kind of record it names. */
export interface Reference {
  id: string;
  kind: string;
}

export interface ReferenceRequest {
  scenario_id: string;
  variant: number;
  tool: string;
  tools: readonly ToolSpec[];
  known_ids: readonly string[];
  result_shapes?: Readonly<Record<string, unknown>>;
}

/** The kind of record a tool is asked about: its id parameter naming the tool's own noun, else its first one. */
export function askedKind(tool: ToolSpec): { key: string; kind: string } | undefined {
  const keys = Object.keys((tool.parameters.properties ?? {}) as Record<string, unknown>).filter(isIdKey);
  const key = keys.find((candidate) => referenceNoun(candidate, tool.name) === toolNoun(tool.name)) ?? keys[0];
  return key === undefined ? undefined : { key, kind: referenceNoun(key, tool.name) };
}

/**
 * The reference of the kind the ask needs (an order number for an order, a customer number to list a customer's
 * orders): one of the world's ids of that kind, picked by the SDK's formula `(int(sha256(scenario_id)[:8], 16) +
 * 17 * variant) % n`, else one shaped like that kind's ids, which the world may not know. Undefined when the tool
 * takes no id (a search by name, an off-topic ask).
 */
export function referenceFor(request: ReferenceRequest): Reference | undefined {
  const tool = request.tools.find((candidate) => candidate.name === request.tool);
  const asked = tool === undefined ? undefined : askedKind(tool);
  if (asked === undefined) return undefined;
  const kinds = idKindsFor({ tools: request.tools, result_shapes: request.result_shapes });
  const known = [...new Set([...request.known_ids, ...knownIdsFromTools(request.tools)])];
  const ofKind = kinds.idsOf(asked.kind);
  const prefixes = new Set(ofKind.map(idPrefix));
  const candidates = [...new Set([...known.filter((id) => prefixes.has(idPrefix(id))), ...ofKind])];
  const draw = Number.parseInt(sha256Hex(request.scenario_id).slice(0, 8), 16) + 17 * request.variant;
  if (candidates.length > 0) return { id: candidates[draw % candidates.length]!, kind: asked.kind };
  const { prefix, separator, digits } = idFormatFor(asked.kind, known, kinds);
  return { id: `${prefix}${separator}${10 ** (digits - 1) + (draw % (9 * 10 ** (digits - 1)))}`, kind: asked.kind };
}

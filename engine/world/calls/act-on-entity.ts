import { applyAction, doneStatus } from '../action-effects';
import { codePayload } from '../payloads/code-payloads';
import { entityFor } from '../payloads/entity-payload';
import { CODE_KINDS } from '../payloads/result-kind';
import type { ReferenceValue } from '../references';
import { timestampIn, withFaker } from '../seeded-faker';
import { primaryReference, scalarArguments, shapedData, type ToolCall, type WorldParts, type WorldResult } from './tool-call';

const AMBIGUOUS_HINT = 'more than one record matches; ask the person which one they mean';

/**
 * Any verb but create, read and delete: it acts on the named entity (its status or fields change, and the world
 * remembers the change) or, with none named, on the call alone. In a world of duplicates a named entity is ambiguous.
 */
export function actOnEntity(world: WorldParts, call: ToolCall): WorldResult {
  const { tool, kind, args, callHash } = call;
  const primary = primaryReference(call);
  if (primary !== undefined && world.state === 'duplicate') {
    return { status: 'rejected', reason: 'ambiguous_reference', fields: [primary.path], candidates: 2, hint: AMBIGUOUS_HINT };
  }
  if (CODE_KINDS.has(kind)) return { status: 'ok', data: codePayload(kind, tool, args, callHash) };
  const shape = world.resultShapes?.[tool];
  if (primary === undefined)
    return { status: 'ok', data: shape === undefined ? processedData(world, call) : shapedData(world, call, shape) };
  const updated = changeEntity(world, call, primary);
  // The entity changes whatever the answer looks like; a `result_shapes` example shapes the answer, not the entity.
  if (shape !== undefined) return { status: 'ok', data: shapedData(world, call, shape) };
  return { status: 'ok', data: { ...updated, ...scalarArguments(args) } };
}

/** An action on nothing named: the call is accepted (or reaches its verb's done status) with a reference. */
function processedData(world: WorldParts, { tool, args, digest }: ToolCall): Record<string, unknown> {
  const processed = withFaker(`processed:${world.seed}:${digest}`, timestampIn);
  return { ...scalarArguments(args), status: doneStatus(tool) ?? 'accepted', reference: digest.slice(0, 8), processed_at: processed };
}

/** Applies the action to the named entity and remembers it, and every other id the call names. */
function changeEntity(world: WorldParts, { tool, args, references }: ToolCall, primary: ReferenceValue): Record<string, unknown> {
  const context = world.catalog.forReference(primary.key, tool);
  const current = entityFor({ id: primary.value, context, memory: world.memory, state: world.state, args });
  const version = world.memory.bump(primary.value);
  const referenceKeys = new Set(references.map((reference) => reference.key));
  const updated = applyAction(current, tool, args, referenceKeys, `${world.seed}:${primary.value}:${version}`);
  world.memory.remember(primary.value, updated);
  for (const reference of references) if (reference !== primary) world.memory.remember(reference.value);
  return updated;
}

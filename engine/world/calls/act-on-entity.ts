import { applyAction, doneStatus } from '../action-effects';
import { codePayload } from '../payloads/code-payloads';
import { entityFor } from '../payloads/entity-payload';
import { recordFamily } from '../payloads/record-fields';
import { appliesAfterDelivered, appliesBeforeSent, stageRefusal } from '../payloads/order-stage';
import { CODE_KINDS } from '../payloads/result-kind';
import { actionAnswer, plainAnswer } from '../payloads/shaped-answer';
import type { ReferenceValue } from '../references';
import { timestampIn, withFaker } from '../seeded-faker';
import type { EntityRecord } from '../world-memory';
import { primaryReference, scalarArguments, shapedCall, type ToolCall, type WorldParts, type WorldResult } from './tool-call';

const AMBIGUOUS_HINT = 'more than one record matches; ask the person which one they mean';

/**
 * Any verb but create, read and delete: it acts on the named entity (its status or fields change, and the world
 * remembers the change) or, with none named, on the call alone. In a world of duplicates a named entity is ambiguous.
 * With an example answer, the answer agrees with the entity as the action left it.
 */
export function actOnEntity(world: WorldParts, call: ToolCall): WorldResult {
  const { tool, kind, args, callHash } = call;
  const primary = primaryReference(call);
  if (primary !== undefined && world.state === 'duplicate') {
    return { status: 'rejected', reason: 'ambiguous_reference', fields: [primary.path], candidates: 2, hint: AMBIGUOUS_HINT };
  }
  if (CODE_KINDS.has(kind)) return { status: 'ok', data: codePayload(kind, tool, args, callHash) };
  const answer = world.catalog.answers.answerOf(tool);
  const example = answer === undefined ? undefined : answer.kind === 'record' ? answer.template : (answer.template ?? [answer.item]);
  if (primary === undefined)
    return { status: 'ok', data: example === undefined ? processedData(world, call) : plainAnswer(shapedCall(world, call), example) };
  const refused = stageRefused(world, call, primary);
  if (refused !== undefined) return refused;
  const acted = changeEntity(world, call, primary, answer?.kind === 'record' ? answer.template : undefined);
  if (answer?.kind === 'record') return { status: 'ok', data: actionAnswer(shapedCall(world, call), answer, acted) };
  if (example !== undefined) return { status: 'ok', data: plainAnswer(shapedCall(world, call), example) };
  return { status: 'ok', data: actedData(acted.record, primary, args) };
}

/**
 * An action's answer without an example: what was asked (the arguments) on the entity's id, with the status and
 * time the action left it. Not the whole record: a refund's `amount` is the refund's, not the order's.
 */
function actedData(record: EntityRecord, primary: ReferenceValue, args: ToolCall['args']): Record<string, unknown> {
  const shown: Record<string, unknown> = { [primary.key]: primary.value, ...scalarArguments(args) };
  if (typeof record.status === 'string') shown.status = record.status;
  if (typeof record.updated_at === 'string') shown.updated_at = record.updated_at;
  return shown;
}

/** An action on nothing named: the call is accepted (or reaches its verb's done status) with a reference. */
function processedData(world: WorldParts, { tool, args, digest }: ToolCall): Record<string, unknown> {
  const processed = withFaker(`processed:${world.seed}:${digest}`, timestampIn);
  return { ...scalarArguments(args), status: doneStatus(tool) ?? 'accepted', reference: digest.slice(0, 8), processed_at: processed };
}

/**
 * An action the order's stage rules out, refused as a shop's system would: cancelling or re-addressing an order that has
 * shipped or arrived, or starting a return on one that has not arrived yet.
 */
function stageRefused(world: WorldParts, { tool, references }: ToolCall, primary: ReferenceValue): WorldResult | undefined {
  if (!appliesBeforeSent(tool) && !appliesAfterDelivered(tool)) return undefined;
  for (const reference of [primary, ...references.filter((other) => other !== primary)]) {
    const context = world.catalog.forReference(reference.key, tool);
    if (recordFamily(context.noun) !== 'order') continue;
    const { status } = entityFor({ world, id: reference.value, context });
    const reason = stageRefusal(tool, status);
    return reason === undefined ? undefined : { status: 'rejected', reason, current_status: status };
  }
  return undefined;
}

/**
 * Applies the action to the named entity and remembers it, and every other id the call names. The status it leaves
 * is the one its example answer shows for that entity, else its verb's (`cancel` -> cancelled); a person's record
 * never takes a status from an action about something else (a booking made for a patient).
 */
function changeEntity(
  world: WorldParts,
  { tool, args, references }: ToolCall,
  primary: ReferenceValue,
  template: Record<string, unknown> | undefined,
): { kind: string; record: EntityRecord } {
  const context = world.catalog.forReference(primary.key, tool);
  const current = entityFor({ world, id: primary.value, context });
  const version = world.memory.bump(primary.value);
  const referenceKeys = new Set(references.map((reference) => reference.key));
  const answer = world.catalog.answers.answerOf(tool);
  const shownStatus =
    answer?.kind === 'record' && answer.identity?.kind === context.noun && typeof template?.status === 'string'
      ? template.status
      : undefined;
  const status = recordFamily(context.noun) === 'person' ? null : (shownStatus ?? doneStatus(tool) ?? null);
  const updated = applyAction(current, tool, args, referenceKeys, `${world.seed}:${primary.value}:${version}`, {
    status,
    fields: Object.keys(template ?? {}),
  });
  world.memory.remember(primary.value, updated, context.noun);
  for (const reference of references) if (reference !== primary) world.memory.remember(reference.value);
  return { kind: context.noun, record: updated };
}

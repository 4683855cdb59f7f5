import { invalidArguments, type ArgumentValidator } from '../argument-types';
import { placeholderArguments } from '../placeholder';
import { missingRequired } from '../required-fields';
import { isReadTool } from '../tool-names';
import type { ReferenceValue } from '../references';
import type { ToolCall, WorldParts, WorldResult } from './tool-call';

const HINT = 'ask the person for the actual value';

/**
 * The answer of a call the world will not carry out, checked in this order, or undefined when it goes ahead: in a
 * world where the entity is missing nothing is found; where it was already acted on, only reads go ahead; then
 * missing, placeholder and mistyped arguments are refused, and an id of another kind names no entity.
 */
export function refusalFor(world: WorldParts, call: ToolCall, validator: ArgumentValidator | undefined): WorldResult | undefined {
  const { tool, spec, args, references } = call;
  if (world.state === 'missing') {
    return { status: 'not_found', missing: references.length > 0 ? references.map((reference) => reference.value) : ['entity'] };
  }
  if (world.state === 'already_done' && !isReadTool(tool)) return { status: 'already_done', reason: 'already_acted_on' };
  const missing = missingRequired(spec.parameters, args);
  if (missing.length > 0) return { status: 'rejected', reason: 'missing_required', fields: missing };
  const placeholders = placeholderArguments(args);
  if (placeholders.length > 0) return { status: 'rejected', reason: 'placeholder_argument', fields: placeholders, hint: HINT };
  const invalid = invalidArguments(validator, args);
  if (Object.keys(invalid).length > 0)
    return { status: 'rejected', reason: 'invalid_argument', fields: Object.keys(invalid), expected: invalid };
  // An id of another kind (a transaction id as `account_id`, a booking as `new_flight_number`) names no such entity.
  const wrongKind = [...references, ...numberReferences(args)]
    .filter((reference) => world.idKinds.isWrongKind(reference, tool))
    .map((reference) => reference.value);
  if (wrongKind.length > 0) return { status: 'not_found', missing: wrongKind };
  return undefined;
}

/** Top-level arguments that take an entity's number (`flight_number`), beside the section 8 reference keys. */
function numberReferences(args: ToolCall['args']): ReferenceValue[] {
  return Object.entries(args)
    .filter(([key, value]) => /_number$/i.test(key) && typeof value === 'string' && value.trim() !== '')
    .map(([key, value]) => ({ path: key, key, value: String(value).trim() }));
}

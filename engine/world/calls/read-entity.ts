import { codePayload } from '../payloads/code-payloads';
import { duplicateCandidates, entityFor } from '../payloads/entity-payload';
import { listPayload } from '../payloads/list-payload';
import { moneyAmount } from '../payloads/record-fields';
import { CODE_KINDS } from '../payloads/result-kind';
import type { ReferenceValue } from '../references';
import { timestampIn, withFaker } from '../seeded-faker';
import { referenceNoun, toolNoun } from '../tool-names';
import { drawId } from '../world-catalog';
import { primaryReference, scalarArguments, shapedData, type ToolCall, type WorldParts } from './tool-call';

const LIST_TOOL = /^(list|search|find|browse|query)|search|_list$/i;

/** What a read answers beside its `ok` status: the data, and a note when more than one record matches. */
type ReadAnswer = { data: unknown; note?: string };

/**
 * A read: code output for coding tools; one entity when the call names the tool's own noun (`find_order(order_id)`);
 * otherwise a listing filtered by the named entities (`list_order_items(order_id)`), a shaped example, an amount
 * for money tools, or a record drawn for the call.
 */
export function readEntity(world: WorldParts, call: ToolCall): ReadAnswer {
  const { tool, kind, args, callHash } = call;
  if (CODE_KINDS.has(kind)) return { data: codePayload(kind, tool, args, callHash) };
  const shape = world.resultShapes?.[tool];
  const main = primaryReference(call);
  const isList = Array.isArray(shape) || (LIST_TOOL.test(tool) && (main === undefined || referenceNoun(main.key, tool) !== toolNoun(tool)));
  if (!isList && main !== undefined) return readNamed(world, call, main, shape);
  if (shape !== undefined) return { data: shapedData(world, call, shape) };
  const context = world.catalog.forTool(tool);
  if (isList) {
    const format = world.catalog.idFormat(context.noun);
    return { data: listPayload({ tool, args, callHash, context, format, memory: world.memory, hits: world.hits }) };
  }
  if (kind === 'money') return { data: moneyData(world, call) };
  const id = withFaker(`read-id:${world.seed}:${call.digest}`, (faker) => drawId(world.catalog.idFormat(context.noun), faker));
  return { data: { ...entityFor({ id, context, memory: world.memory, state: world.state, args }), ...scalarArguments(args) } };
}

/** The named entity as the world holds it; in a world of duplicates, every record that matches its id. */
function readNamed(world: WorldParts, call: ToolCall, primary: ReferenceValue, shape: unknown): ReadAnswer {
  const request = {
    id: primary.value,
    context: world.catalog.forReference(primary.key, call.tool),
    memory: world.memory,
    state: world.state,
    shape,
    args: call.args,
  };
  if (world.state !== 'duplicate') return { data: entityFor(request) };
  const items = duplicateCandidates(request);
  return { data: { count: items.length, items }, note: `more than one record matches ${primary.value}` };
}

function moneyData(world: WorldParts, { args, digest }: ToolCall): Record<string, unknown> {
  return withFaker(`money:${world.seed}:${digest}`, (faker) => ({
    ...scalarArguments(args),
    amount: moneyAmount(faker),
    currency: world.catalog.currency,
    as_of: timestampIn(faker),
  }));
}

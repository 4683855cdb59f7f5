import { codePayload } from '../payloads/code-payloads';
import { duplicateCandidates, entityFor, entityShowing, viewOf } from '../payloads/entity-payload';
import { listPayload } from '../payloads/list-payload';
import { moneyAmount } from '../payloads/record-fields';
import { CODE_KINDS } from '../payloads/result-kind';
import { answerAbout, listingAnswer, lookupAnswer, plainAnswer } from '../payloads/shaped-answer';
import type { Template } from '../payloads/answer-shapes';
import type { ReferenceValue } from '../references';
import { timestampIn, withFaker } from '../seeded-faker';
import { referenceNoun, toolNoun } from '../tool-names';
import { drawId } from '../world-catalog';
import { primaryReference, scalarArguments, shapedCall, type ToolCall, type WorldParts } from './tool-call';

const LIST_TOOL = /^(list|search|find|browse|query)|search|_list$/i;

/** What a read answers beside its `ok` status: the data, and a note when more than one record matches. */
type ReadAnswer = { data: unknown; note?: string };

/**
 * A read: code output for coding tools; with an example answer, the named entity as that example shows it, a
 * lookup by details, a listing, or the example filled; without one, one entity when the call names the tool's own
 * noun (`find_order(order_id)`), else a listing filtered by the named entities, an amount for money tools, or a
 * record drawn for the call.
 */
export function readEntity(world: WorldParts, call: ToolCall): ReadAnswer {
  const { tool, kind, args, callHash } = call;
  if (CODE_KINDS.has(kind)) return { data: codePayload(kind, tool, args, callHash) };
  const answer = world.catalog.answers.answerOf(tool);
  if (answer?.kind === 'listing') return { data: listingAnswer(shapedCall(world, call), answer) };
  if (answer?.kind === 'record') {
    const identity = answer.identity;
    const named = identity && call.references.find((reference) => referenceNoun(reference.key, tool) === identity.kind);
    if (named) return readNamed(world, call, named, answer.template);
    if (identity) return { data: lookupAnswer(shapedCall(world, call), answer) };
    const about = primaryReference(call);
    if (about === undefined) return { data: plainAnswer(shapedCall(world, call), answer.template) };
    const context = world.catalog.forReference(about.key, tool);
    const record = entityFor({ world, id: about.value, context });
    return { data: answerAbout(shapedCall(world, call), answer.template, { id: about.value, noun: context.noun, record }) };
  }
  const main = primaryReference(call);
  const isList = LIST_TOOL.test(tool) && (main === undefined || referenceNoun(main.key, tool) !== toolNoun(tool));
  if (!isList && main !== undefined) return readNamed(world, call, main, undefined);
  const context = world.catalog.forTool(tool);
  if (isList) return { data: listPayload({ world, tool, args, callHash, context, hits: world.hits }) };
  if (kind === 'money') return { data: moneyData(world, call) };
  const id = withFaker(`read-id:${world.seed}:${call.digest}`, (faker) => drawId(world.catalog.idFormat(context.noun), faker));
  return { data: { ...entityShowing({ world, id, context }, undefined), ...scalarArguments(args) } };
}

/** The named entity as the world holds it (as the example shows it); in a world of duplicates, every record that matches. */
function readNamed(world: WorldParts, call: ToolCall, primary: ReferenceValue, template: Template | undefined): ReadAnswer {
  const request = { world, id: primary.value, context: world.catalog.forReference(primary.key, call.tool) };
  if (world.state !== 'duplicate') return { data: viewOf(entityShowing(request, template), template) };
  const items = duplicateCandidates(request, template);
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

import type { ToolSpec } from '../../../shared/domain';
import type { IdKinds } from '../id-kinds';
import type { ShapedCall } from '../payloads/shaped-answer';
import type { ResultKind } from '../payloads/result-kind';
import { referenceNoun, toolNoun } from '../tool-names';
import type { ReferenceValue } from '../references';
import type { WorldAnswer } from '../world';
import type { WorldCatalog } from '../world-catalog';
import type { WorldMemory } from '../world-memory';
import type { WorldStateKind } from '../world-state';
import type { WorldPerson } from '../payloads/person-record';

export type ToolArguments = Readonly<Record<string, unknown>>;
export type WorldResult = WorldAnswer['result'];

/** What one rollout's world holds: every answer reads it, and answers to actions change its memory. */
export interface WorldParts {
  seed: number;
  state: WorldStateKind;
  memory: WorldMemory;
  catalog: WorldCatalog;
  idKinds: IdKinds;
  /** Example result per tool name: records keep its field names, with ids, dates, people and numbers redrawn. */
  resultShapes: Readonly<Record<string, unknown>> | undefined;
  /** Inclusive range of hits a search or listing returns. */
  hits: readonly [number, number];
  /** The simulated person, whose own record a search by their name finds. */
  person?: WorldPerson;
  /** The spec's tool the situation is about, when it names one: what a record already acted on had done. */
  askedTool?: string;
}

/** One call to a known tool that no fault or calculator answered. */
export interface ToolCall {
  spec: ToolSpec;
  tool: string;
  args: ToolArguments;
  /** The arguments that name entities (`order_id: "A-1001"`). */
  references: ReferenceValue[];
  kind: ResultKind;
  /** 12 hex characters of the hash of seed, tool and arguments: the same call draws the same answer. */
  digest: string;
  /** The digest's first 8 hex characters as a number: it picks counts, paths and issued ids. */
  callHash: number;
}

/** Scalar arguments that are not references, echoed on an action's answer (`amount: 25` on a refund). */
export function scalarArguments(args: ToolArguments): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== '' && typeof value !== 'object'));
}

/** The entity a call is mainly about: the reference naming the tool's own noun, else the first. */
export function primaryReference(call: ToolCall): ReferenceValue | undefined {
  const noun = toolNoun(call.tool);
  return call.references.find((reference) => referenceNoun(reference.key, call.tool) === noun) ?? call.references[0];
}

/** The call as the example-answer builders read it. */
export function shapedCall(world: WorldParts, call: ToolCall): ShapedCall {
  return { world, tool: call.tool, args: call.args, digest: call.digest, callHash: call.callHash };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, Spec, ToolSpec } from '../../shared/domain';
import { fuzzParameters } from '../__fixtures__/broken-text';
import { draftSpec } from '../spec/draft-spec';
import { ID_KEY, NOT_AN_ID, rowIdKindError } from './audit/id-audit';
import { worldContradictions } from './audit/world-contradictions';
import { createWorld } from './create-world';
import { idKindsFor } from './id-kinds';
import { knownIdsFromTools } from './references';
import { referenceNoun } from './tool-names';

/** Sentences for every bank the drafter has, and three it has none for (its fallback path). */
const SENTENCES = [
  'a personal finance assistant that confirms before it moves money',
  'a telecom support agent that never changes a plan without the account holder',
  'a retail assistant that refunds only after the customer confirms the order',
  'an airline assistant that rebooks flights only after confirming the fare difference',
  "a clinic scheduling assistant that confirms the patient's identity before changing appointments",
  'an it helpdesk agent that resets passwords only after verifying the employee',
  'an insurance claims assistant that never promises a payout before an adjuster reviews the claim',
  'a food delivery support agent that refunds late orders only after checking the courier status',
  'a library assistant that renews loans only for members without overdue fines',
  'a greenhouse helper that adjusts watering schedules only after checking soil moisture',
  'a property management assistant that logs maintenance requests and never promises a repair date',
];
const WORLD_STATES = ['entity exists', 'entity missing', 'entity already acted on', 'duplicate entity', 'partially completed', 'unknown'];

const specs = new Map<string, Spec>();
function specFor(sentence: number, seed: number, withShapes: boolean): Spec {
  const key = `${sentence}:${seed}`;
  if (!specs.has(key)) specs.set(key, draftSpec(SENTENCES[sentence]!, { seed }).spec);
  const spec = specs.get(key)!;
  return withShapes ? spec : { ...spec, result_shapes: {} };
}

type Schema = Record<string, unknown>;

/** Arguments for one call, each value picked by a number: ids of the parameter's kind (or another kind's), dates, amounts, words. */
function argumentsFor(tool: ToolSpec, spec: Spec, picks: readonly number[]): Record<string, unknown> {
  const kinds = idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes });
  const known = [...spec.known_ids, ...knownIdsFromTools(spec.tools)];
  const properties = (tool.parameters.properties ?? {}) as Record<string, Schema>;
  const args: Record<string, unknown> = {};
  Object.entries(properties).forEach(([key, schema], index) => {
    const pick = picks[index % picks.length] ?? 0;
    if (ID_KEY.test(key) && !NOT_AN_ID.test(key)) {
      const ofKind = kinds.idsOf(referenceNoun(key, tool.name));
      const pool = pick % 5 === 0 ? known : ofKind.length > 0 ? ofKind : known;
      args[key] = pool.length > 0 ? pool[pick % pool.length] : `REF-${1000 + (pick % 9000)}`;
    } else if (Array.isArray(schema.enum)) args[key] = schema.enum[pick % schema.enum.length];
    else if (schema.type === 'number' || schema.type === 'integer') args[key] = 1 + (pick % 400);
    else if (schema.type === 'boolean') args[key] = pick % 2 === 0;
    else if (schema.format === 'date' || schema.format === 'date-time') args[key] = `2026-0${1 + (pick % 9)}-1${pick % 10}`;
    else if (schema.type === 'string' || schema.type === undefined)
      args[key] = ['Okafor', 'new address 12 Elm St', 'damaged', 'late fee', 'dining'][pick % 5];
  });
  return args;
}

interface Conversation {
  sentence: number;
  draftSeed: number;
  withShapes: boolean;
  seed: number;
  worldState: string;
  /** Per call: which tool, and the numbers its arguments are picked by. */
  calls: [number, number[]][];
}

const conversation: fc.Arbitrary<Conversation> = fc.record({
  sentence: fc.nat({ max: SENTENCES.length - 1 }),
  draftSeed: fc.nat({ max: 3 }),
  withShapes: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  worldState: fc.constantFrom(...WORLD_STATES),
  calls: fc.array(fc.tuple(fc.nat(), fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 6 })), { minLength: 1, maxLength: 12 }),
});

/** Plays the calls against one world and returns them as the messages a rollout would store. */
function play({ sentence, draftSeed, withShapes, seed, worldState, calls }: Conversation): {
  spec: Spec;
  messages: Message[];
} {
  const spec = specFor(sentence, draftSeed, withShapes);
  const world = createWorld({
    seed,
    tools: spec.tools,
    world_state: worldState,
    faults: {},
    known_ids: spec.known_ids,
    result_shapes: spec.result_shapes,
  });
  const messages: Message[] = [];
  calls.forEach(([toolPick, picks], index) => {
    const tool = spec.tools[toolPick % spec.tools.length]!;
    const args = argumentsFor(tool, spec, picks);
    const id = `call_${index}`;
    messages.push({ role: 'assistant', content: '', tool_calls: [{ id, name: tool.name, arguments: args }] });
    messages.push({ role: 'tool', tool_call_id: id, name: tool.name, content: JSON.stringify(world.call(tool.name, args).result) });
  });
  return { spec, messages };
}

describe('the world holds together within a conversation', () => {
  it('never answers a read that contradicts an earlier answer or write', () => {
    fc.assert(
      fc.property(conversation, (input) => {
        expect(worldContradictions({ messages: play(input).messages })).toEqual([]);
      }),
      fuzzParameters(0.5),
    );
  });

  it('puts an id of its kind in every id-typed field it answers with', () => {
    fc.assert(
      fc.property(conversation, (input) => {
        const { spec, messages } = play(input);
        expect(rowIdKindError({ messages }, idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes }), true)).toBeUndefined();
      }),
      fuzzParameters(0.5),
    );
  });
});

import type { FaultPlan, ToolSpec } from '../../shared/domain';
import { sha256Hex, stableJson } from '../seeded';
import { compileTools, type ArgumentValidator } from './argument-types';
import { calculatorAnswer } from './calculator';
import { answerByKind } from './calls/answer-by-kind';
import { refusalFor } from './calls/refusal';
import type { ToolCall, WorldParts, WorldResult } from './calls/tool-call';
import { faultResult, scheduledFault } from './fault-schedule';
import { idKindsFor } from './id-kinds';
import { resultKind } from './payloads/result-kind';
import { knownIdsFromTools, referenceValues } from './references';
import type { World, WorldAnswer } from './world';
import { WorldCatalog } from './world-catalog';
import { WorldMemory } from './world-memory';
import { worldStateKind } from './world-state';
import type { WorldPerson } from './payloads/person-record';

export interface CreateWorldOptions {
  /** The rollout's seed: every answer is a function of it, the options and the calls made so far. */
  seed: number;
  tools: readonly ToolSpec[];
  /** The situation's world state (`entity exists`, `entity missing`, ...); anything else behaves as `unknown`. */
  world_state: string;
  /** Tool name or `*` -> the fault scheduled for it. */
  faults: Readonly<Record<string, FaultPlan>>;
  /** Ids that exist in this world (the spec's `known_ids`), besides those written in tool descriptions. */
  known_ids?: readonly string[];
  /** Example result per tool name: records keep its field names, with ids, dates, people and numbers redrawn. */
  result_shapes?: Readonly<Record<string, unknown>>;
  /** Share of never-seen ids that exist (WORLD_EXISTS_SHARE, default 0.7). */
  exists_share?: number;
  /** Inclusive range of hits a search or listing returns (WORLD_SEARCH_HITS, default 1..6). */
  search_hits?: readonly [number, number];
  /** The simulated person: a search by their own name finds their record, with their name and date of birth. */
  person?: WorldPerson;
  /** The tool the situation is about: a record "already acted on" shows that tool's action done. */
  asked_tool?: string;
}

const answer = (result: WorldResult): WorldAnswer => ({ result, fault: null });
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The simulated world one rollout talks to (SDK section 8). Deterministic: the same options and the same sequence
 * of calls give identical answers. It remembers what it created and showed, and answers honestly: unknown ids are
 * not found, placeholder and mistyped arguments are refused, and scheduled faults fire first.
 */
export function createWorld(options: CreateWorldOptions): World {
  return new SimulatedWorld(options);
}

class SimulatedWorld implements World {
  private readonly tools: ReadonlyMap<string, ToolSpec>;
  private readonly validators: ReadonlyMap<string, ArgumentValidator>;
  private readonly parts: WorldParts;

  constructor(private readonly options: CreateWorldOptions) {
    this.tools = new Map(options.tools.map((tool) => [tool.name, tool]));
    this.validators = compileTools(options.tools);
    const state = worldStateKind(options.world_state);
    const knownIds = [...(options.known_ids ?? []), ...knownIdsFromTools(options.tools)];
    const idKinds = idKindsFor({ tools: options.tools, result_shapes: options.result_shapes });
    this.parts = {
      seed: options.seed,
      state,
      memory: new WorldMemory(knownIds, options.seed, state, options.exists_share ?? 0.7),
      catalog: new WorldCatalog(options.tools, knownIds, options.seed, idKinds, options.result_shapes),
      idKinds,
      resultShapes: options.result_shapes,
      hits: options.search_hits ?? [1, 6],
      ...(options.person === undefined ? {} : { person: options.person }),
      ...(options.asked_tool !== undefined && this.tools.has(options.asked_tool) ? { askedTool: options.asked_tool } : {}),
    };
  }

  /** A scheduled fault answers first, then the calculator; any other call is checked, then answered by its kind. */
  call(tool: string, rawArgs: Readonly<Record<string, unknown>>): WorldAnswer {
    const args = isPlainObject(rawArgs) ? rawArgs : {};
    const spec = this.tools.get(tool);
    if (spec === undefined) return answer({ status: 'error', reason: 'unknown_tool', tool });
    const { seed } = this.parts;
    const digest = sha256Hex(stableJson({ seed, tool, arguments: args })).slice(0, 12);
    const fault = scheduledFault(this.options.faults, seed, tool, args);
    if (fault !== null) return { result: faultResult(fault, digest), fault };
    const computed = calculatorAnswer(tool, args);
    if (computed !== null) return answer(computed);
    const call: ToolCall = {
      spec,
      tool,
      args,
      references: referenceValues(args),
      kind: resultKind(spec, args),
      digest,
      callHash: Number.parseInt(digest.slice(0, 8), 16),
    };
    return answer(refusalFor(this.parts, call, this.validators.get(tool)) ?? answerByKind(this.parts, call));
  }
}

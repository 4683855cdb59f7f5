import type { FaultPlan, ToolSpec } from '../../shared/domain';
import { sha256Hex, stableJson } from '../seeded';
import { applyAction, doneStatus } from './action-effects';
import { compileTools, invalidArguments } from './argument-types';
import { calculatorAnswer } from './calculator';
import { faultResult, scheduledFault } from './fault-schedule';
import { idKindsFor, type IdKinds } from './id-kinds';
import { codePayload, fileContentLength, filePath } from './payloads/code-payloads';
import { duplicateCandidates, entityFor } from './payloads/entity-payload';
import { listPayload } from './payloads/list-payload';
import { placeholderArguments } from './placeholder';
import { knownIdsFromTools, referenceValues, type ReferenceValue } from './references';
import { missingRequired } from './required-fields';
import { CODE_KINDS, resultKind, type ResultKind } from './payloads/result-kind';
import { moneyAmount, recordFamily, STATUS_POOLS } from './payloads/record-fields';
import { shapedPayload } from './payloads/shaped-payload';
import { timestampIn, withFaker } from './seeded-faker';
import { isCreateTool, isDeleteTool, isReadTool, referenceNoun, toolNoun } from './tool-names';
import type { World, WorldAnswer } from './world';
import { WorldCatalog, drawId } from './world-catalog';
import { WorldMemory } from './world-memory';
import { worldStateKind, type WorldStateKind } from './world-state';

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
}

type Result = WorldAnswer['result'];

const FILE_MUTATION = /(write|edit|apply|patch|create_file|update_file|replace)/i;
const LIST_TOOL = /^(list|search|find|browse|query)|search|_list$/i;
const HINT = 'ask the person for the actual value';

const answer = (result: Result): WorldAnswer => ({ result, fault: null });
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Scalar arguments that are not references, echoed on an action's answer (`amount: 25` on a refund). */
function scalarArguments(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== '' && typeof value !== 'object'));
}

/**
 * The simulated world one rollout talks to (SDK section 8). Deterministic: the same options and the same sequence
 * of calls give identical answers. It remembers what it created and showed, and answers honestly: unknown ids are
 * not found, placeholder and mistyped arguments are refused, and scheduled faults fire first.
 */
export function createWorld(options: CreateWorldOptions): World {
  return new SimulatedWorld(options);
}

class SimulatedWorld implements World {
  private readonly seed: number;
  private readonly tools: ReadonlyMap<string, ToolSpec>;
  private readonly validators: ReturnType<typeof compileTools>;
  private readonly state: WorldStateKind;
  private readonly memory: WorldMemory;
  private readonly catalog: WorldCatalog;
  private readonly idKinds: IdKinds;
  private readonly hits: readonly [number, number];

  constructor(private readonly options: CreateWorldOptions) {
    this.seed = options.seed;
    this.tools = new Map(options.tools.map((tool) => [tool.name, tool]));
    this.validators = compileTools(options.tools);
    this.state = worldStateKind(options.world_state);
    const knownIds = [...(options.known_ids ?? []), ...knownIdsFromTools(options.tools)];
    this.memory = new WorldMemory(knownIds, options.seed, this.state, options.exists_share ?? 0.7);
    this.idKinds = idKindsFor({ tools: options.tools, result_shapes: options.result_shapes });
    this.catalog = new WorldCatalog(options.tools, knownIds, options.seed, this.idKinds);
    this.hits = options.search_hits ?? [1, 6];
  }

  call(tool: string, rawArgs: Readonly<Record<string, unknown>>): WorldAnswer {
    const args = isPlainObject(rawArgs) ? rawArgs : {};
    const spec = this.tools.get(tool);
    if (spec === undefined) return answer({ status: 'error', reason: 'unknown_tool', tool });
    const digest = sha256Hex(stableJson({ seed: this.seed, tool, arguments: args })).slice(0, 12);
    const fault = scheduledFault(this.options.faults, this.seed, tool, args);
    if (fault !== null) return { result: faultResult(fault, digest), fault };
    const computed = calculatorAnswer(tool, args);
    if (computed !== null) return answer(computed);
    const references = referenceValues(args);
    if (this.state === 'missing') {
      return answer({ status: 'not_found', missing: references.length > 0 ? references.map((reference) => reference.value) : ['entity'] });
    }
    if (this.state === 'already_done' && !isReadTool(tool)) return answer({ status: 'already_done', reason: 'already_acted_on' });
    const missing = missingRequired(spec.parameters, args);
    if (missing.length > 0) return answer({ status: 'rejected', reason: 'missing_required', fields: missing });
    const placeholders = placeholderArguments(args);
    if (placeholders.length > 0) return answer({ status: 'rejected', reason: 'placeholder_argument', fields: placeholders, hint: HINT });
    const invalid = invalidArguments(this.validators.get(tool), args);
    if (Object.keys(invalid).length > 0) {
      return answer({ status: 'rejected', reason: 'invalid_argument', fields: Object.keys(invalid), expected: invalid });
    }
    // An id of another kind (a transaction id as `account_id`) names no such entity, whatever exists.
    const wrongKind = references.filter((reference) => this.idKinds.isWrongKind(reference, tool)).map((reference) => reference.value);
    if (wrongKind.length > 0) return answer({ status: 'not_found', missing: wrongKind });
    const n = Number.parseInt(digest.slice(0, 8), 16);
    const kind = resultKind(spec, args);
    if (kind === 'file' && (isCreateTool(tool) || FILE_MUTATION.test(tool))) return answer(this.writeFile(args, n));
    if (isCreateTool(tool) && (kind === 'record' || kind === 'money')) return answer(this.create(tool, args, references, n, digest));
    const dangling = references.filter((reference) => !this.memory.exists(reference.value)).map((reference) => reference.value);
    if (dangling.length > 0) return answer({ status: 'not_found', missing: dangling });
    if (isReadTool(tool)) return answer({ status: 'ok', ...this.read(spec, args, references, kind, n, digest) });
    if (isDeleteTool(tool)) return answer(this.delete(references));
    return answer(this.act(spec, args, references, kind, n, digest));
  }

  private writeFile(args: Readonly<Record<string, unknown>>, n: number): Result {
    const path = filePath(args, n);
    const content = ['content', 'diff', 'text', 'patch'].map((key) => args[key]).find((value) => typeof value === 'string');
    this.memory.remember(path);
    return {
      status: 'ok',
      path,
      bytes_written: typeof content === 'string' && content !== '' ? content.length : fileContentLength(path, n),
    };
  }

  /** Section 8 rule 9: echoes the call, issues an id, and remembers the new entity and every id it mentions. */
  private create(tool: string, args: Readonly<Record<string, unknown>>, references: ReferenceValue[], n: number, digest: string): Result {
    const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined && value !== ''));
    const noun = toolNoun(tool);
    const issuedId = `${noun}_${n % 100000}`;
    const id = typeof given.number === 'string' || typeof given.number === 'number' ? String(given.number) : String(given.id ?? issuedId);
    const context = this.catalog.forNoun(noun);
    const created = withFaker(`created:${this.seed}:${id}`, timestampIn);
    this.memory.remember(id, { [context.idKey]: id, ...given, status: STATUS_POOLS[recordFamily(noun)][0], created_at: created });
    for (const reference of references) this.memory.remember(reference.value);
    if (Object.keys(given).length === 0) return { status: 'created', id, ok: true };
    return { status: 'created', ...given, id: given.id ?? id, ref: digest.slice(0, 8) };
  }

  private delete(references: ReferenceValue[]): Result {
    for (const reference of references) this.memory.delete(reference.value);
    return { status: 'deleted', removed: references.map((reference) => reference.value) };
  }

  /** The entity a call is mainly about: the reference naming the tool's own noun, else the first. */
  private primary(tool: string, references: ReferenceValue[]): ReferenceValue | undefined {
    const noun = toolNoun(tool);
    return references.find((reference) => referenceNoun(reference.key, tool) === noun) ?? references[0];
  }

  private read(
    spec: ToolSpec,
    args: Readonly<Record<string, unknown>>,
    references: ReferenceValue[],
    kind: ResultKind,
    n: number,
    digest: string,
  ): Record<string, unknown> {
    const tool = spec.name;
    if (CODE_KINDS.has(kind)) return { data: codePayload(kind, tool, args, n) };
    const shape = this.options.result_shapes?.[tool];
    const main = this.primary(tool, references);
    // `find_order(order_id)` reads one order; `list_order_items(order_id)` lists items filtered by the order.
    const isList =
      Array.isArray(shape) || (LIST_TOOL.test(tool) && (main === undefined || referenceNoun(main.key, tool) !== toolNoun(tool)));
    const primary = isList ? undefined : main;
    if (primary !== undefined) {
      const request = {
        id: primary.value,
        context: this.catalog.forReference(primary.key, tool),
        memory: this.memory,
        state: this.state,
        shape,
        args,
      };
      if (this.state === 'duplicate') {
        const items = duplicateCandidates(request);
        return { data: { count: items.length, items }, note: `more than one record matches ${primary.value}` };
      }
      return { data: entityFor(request) };
    }
    if (shape !== undefined)
      return {
        data: shapedPayload({ shape, args, key: `${tool}:${digest}`, seed: this.seed, catalog: this.catalog, memory: this.memory, tool }),
      };
    const context = this.catalog.forTool(tool);
    if (isList) {
      return {
        data: listPayload({ tool, args, n, context, format: this.catalog.idFormat(context.noun), memory: this.memory, hits: this.hits }),
      };
    }
    if (kind === 'money') {
      return {
        data: withFaker(`money:${this.seed}:${digest}`, (faker) => ({
          ...scalarArguments(args),
          amount: moneyAmount(faker),
          currency: this.catalog.currency,
          as_of: timestampIn(faker),
        })),
      };
    }
    const id = withFaker(`read-id:${this.seed}:${digest}`, (faker) => drawId(this.catalog.idFormat(context.noun), faker));
    return { data: { ...entityFor({ id, context, memory: this.memory, state: this.state, args }), ...scalarArguments(args) } };
  }

  /** Any other verb: it acts on the named entities (their status or fields change) or, with none, on the call alone. */
  private act(
    spec: ToolSpec,
    args: Readonly<Record<string, unknown>>,
    references: ReferenceValue[],
    kind: ResultKind,
    n: number,
    digest: string,
  ): Result {
    const tool = spec.name;
    const primary = this.primary(tool, references);
    if (primary !== undefined && this.state === 'duplicate') {
      return {
        status: 'rejected',
        reason: 'ambiguous_reference',
        fields: [primary.path],
        candidates: 2,
        hint: 'more than one record matches; ask the person which one they mean',
      };
    }
    if (CODE_KINDS.has(kind)) return { status: 'ok', data: codePayload(kind, tool, args, n) };
    const shape = this.options.result_shapes?.[tool];
    if (primary === undefined) {
      if (shape !== undefined)
        return {
          status: 'ok',
          data: shapedPayload({ shape, args, key: `${tool}:${digest}`, seed: this.seed, catalog: this.catalog, memory: this.memory, tool }),
        };
      const processed = withFaker(`processed:${this.seed}:${digest}`, timestampIn);
      return {
        status: 'ok',
        data: { ...scalarArguments(args), status: doneStatus(tool) ?? 'accepted', reference: digest.slice(0, 8), processed_at: processed },
      };
    }
    // The entity changes whatever the answer looks like; a `result_shapes` example shapes the answer, not the entity.
    const context = this.catalog.forReference(primary.key, tool);
    const current = entityFor({ id: primary.value, context, memory: this.memory, state: this.state, args });
    const version = this.memory.bump(primary.value);
    const referenceKeys = new Set(references.map((reference) => reference.key));
    const updated = applyAction(current, tool, args, referenceKeys, `${this.seed}:${primary.value}:${version}`);
    this.memory.remember(primary.value, updated);
    for (const reference of references) if (reference !== primary) this.memory.remember(reference.value);
    if (shape !== undefined)
      return {
        status: 'ok',
        data: shapedPayload({ shape, args, key: `${tool}:${digest}`, seed: this.seed, catalog: this.catalog, memory: this.memory, tool }),
      };
    return { status: 'ok', data: { ...updated, ...scalarArguments(args) } };
  }
}

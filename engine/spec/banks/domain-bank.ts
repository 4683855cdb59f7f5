import type { JsonSchema, ToolSpec } from '../../../shared/domain';

/** A word or phrase that points a sentence at a bank; `weight` 3 = distinctive, 2 = typical, 1 = shared with others. */
export interface BankKeyword {
  term: string;
  weight: number;
}

/** A kind of record the world holds, and how its identifiers look (`ACC-` + 4 digits). */
export interface BankEntity {
  key: string;
  /** 1-4 capital letters and an optional `-` or `_`, so the writer's id regex finds the ids. */
  prefix: string;
  /** 3 to 6. */
  digits: number;
  count: number;
}

/** What a base rule is about: a behaviour the sentence asks for on the same topic replaces it. */
export type RuleTopic = 'confirm_action' | 'identity' | 'no_invention' | 'handoff';

export interface BankRule {
  /** One sentence, under 120 characters, without `; `, so it is exactly one clause on the rule axis. */
  text: string;
  topic?: RuleTopic;
}

export interface BankTool {
  tool: ToolSpec;
  /** An example record the tool returns: the world keeps the field names and redraws the values. */
  result_shape: Record<string, unknown>;
}

/** A domain the offline drafter knows: what selects it and the agent it drafts. */
export interface DomainBank {
  /** snake_case, stored as `Spec.domain`. */
  domain: string;
  title: string;
  keywords: readonly BankKeyword[];
  /** The agent's name is picked from these by the seed. */
  agent_names: readonly string[];
  /** Completes "You are {name}, {role}." */
  role: string;
  /** What "confirms" means here when the sentence names no object ("the refund amount with the customer"). */
  confirm_object: string;
  entities: readonly BankEntity[];
  rules: readonly BankRule[];
  tools(ids: IdPool): BankTool[];
}

/** The identifiers drafted for one spec, by entity key. */
export class IdPool {
  constructor(private readonly ids: Readonly<Record<string, readonly string[]>>) {}

  /** The index-th id of the entity (wrapping), e.g. `get('account', 1)`. */
  get(key: string, index = 0): string {
    const list = this.all(key);
    return list[index % list.length]!;
  }

  all(key: string): readonly string[] {
    const list = this.ids[key];
    if (!list || list.length === 0) throw new Error(`no ids drafted for entity "${key}"`);
    return list;
  }

  /** "ACC-4821, ACC-5193": the list a tool description carries so the writer finds real ids. */
  list(key: string): string {
    return this.all(key).join(', ');
  }
}

type Property = Record<string, unknown>;

export function text(description: string, extra: Property = {}): Property {
  return { type: 'string', description, ...extra };
}

export function date(description: string): Property {
  return { type: 'string', format: 'date', description };
}

export function dateTime(description: string): Property {
  return { type: 'string', format: 'date-time', description };
}

export function amount(description: string): Property {
  return { type: 'number', exclusiveMinimum: 0, description };
}

export function integer(description: string, minimum = 1, maximum?: number): Property {
  return maximum === undefined ? { type: 'integer', minimum, description } : { type: 'integer', minimum, maximum, description };
}

export function flag(description: string): Property {
  return { type: 'boolean', description };
}

export function oneOf(values: readonly string[], description: string): Property {
  return { type: 'string', enum: [...values], description };
}

/** A bank tool: JSON Schema parameters with every property described and the required ones listed. */
export function bankTool(
  name: string,
  description: string,
  properties: Record<string, Property>,
  required: readonly string[],
  result_shape: Record<string, unknown>,
): BankTool {
  const parameters: JsonSchema = { type: 'object', properties, required: [...required], additionalProperties: false };
  return { tool: { name, description, parameters }, result_shape };
}

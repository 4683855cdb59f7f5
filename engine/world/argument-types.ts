import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { ToolSpec } from '../../shared/domain';
import { stableJson } from '../seeded';

/** A tool's compiled parameters schema; null when the schema does not compile (nothing is then refused). */
export type ArgumentValidator = ValidateFunction | null;

/** One shared compiler: the world compiles each distinct parameters schema once per process, then reuses it. */
const ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: false, validateSchema: false });
const bySchemaText = new Map<string, ArgumentValidator>();
const byParameters = new WeakMap<object, ArgumentValidator>();
const CACHE_LIMIT = 2048;

/** Keywords that say the value has the wrong type or is outside a closed set; the others are left to the tool. */
const TYPE_KEYWORDS = new Set(['type', 'enum', 'const']);

function compile(parameters: Record<string, unknown>): ArgumentValidator {
  const cached = byParameters.get(parameters);
  if (cached !== undefined) return cached;
  // `$schema` and `$id` would tie the schema to a meta-schema or a registry slot; the world only needs its shape.
  const { $schema: _schema, $id: _id, ...shape } = parameters;
  const text = stableJson(shape);
  let validate = bySchemaText.get(text);
  if (validate === undefined) {
    try {
      validate = ajv.compile(shape);
    } catch {
      validate = null;
    }
    if (bySchemaText.size >= CACHE_LIMIT) bySchemaText.clear();
    bySchemaText.set(text, validate);
  }
  byParameters.set(parameters, validate);
  return validate;
}

const byToolSet = new WeakMap<readonly ToolSpec[], ReadonlyMap<string, ArgumentValidator>>();

/** Compiles every tool's parameters schema up front (a world is built per rollout; the cache outlives it). */
export function compileTools(tools: readonly ToolSpec[]): ReadonlyMap<string, ArgumentValidator> {
  const cached = byToolSet.get(tools);
  if (cached) return cached;
  const validators = new Map(tools.map((tool) => [tool.name, compile(tool.parameters)]));
  byToolSet.set(tools, validators);
  return validators;
}

function pathOf(error: ErrorObject): string {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`), '');
}

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'type') return String(params.type);
  if (error.keyword === 'enum') return `one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
  return `exactly ${JSON.stringify(params.allowedValue)}`;
}

/** Arguments whose type (or closed set of values) contradicts the schema: field path -> what was expected. */
export function invalidArguments(validate: ArgumentValidator | undefined, args: unknown): Record<string, string> {
  if (!validate || validate(args)) return {};
  const invalid: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    if (!TYPE_KEYWORDS.has(error.keyword)) continue;
    const path = pathOf(error);
    invalid[path === '' ? '(arguments)' : path] ??= expectation(error);
  }
  return invalid;
}

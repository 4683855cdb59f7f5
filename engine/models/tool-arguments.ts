import Ajv2020, { type AnySchema, type ValidateFunction } from 'ajv/dist/2020';
import { stableJson } from '../seeded';
import type { ModelTool, ModelToolCall, ToolCallProblem } from './model-backend';

/** A tool call as the wire gave it: OpenAI sends the arguments as JSON text, Anthropic as an object. */
export interface RawToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

const RAW_CHARS = 500;
const MAX_CACHED = 512;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction | null>();
/** The same tool's schema object comes with every call of a run: found by identity, it is not serialised each time. */
const validatorsBySchema = new WeakMap<Record<string, unknown>, ValidateFunction | null>();

/** Each distinct schema compiles once per process; a schema that does not compile validates nothing. */
function validatorFor(schema: Record<string, unknown>): ValidateFunction | null {
  const known = validatorsBySchema.get(schema);
  if (known !== undefined) return known;
  const validator = compiledFor(schema);
  validatorsBySchema.set(schema, validator);
  return validator;
}

function compiledFor(schema: Record<string, unknown>): ValidateFunction | null {
  const key = stableJson(schema);
  const cached = validators.get(key);
  if (cached !== undefined) return cached;
  ajv ??= new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: false });
  let validator: ValidateFunction | null;
  try {
    validator = ajv.compile(schema as AnySchema);
  } catch {
    validator = null;
  }
  if (validators.size >= MAX_CACHED) validators.clear();
  validators.set(key, validator);
  return validator;
}

function rawText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > RAW_CHARS ? `${text.slice(0, RAW_CHARS)}…` : text;
}

/**
 * Parses each call's arguments and checks them against the tool's JSON Schema. Unparseable JSON or a non-object is
 * a problem that drops the call; an unknown tool or arguments outside the schema are problems that keep it (the
 * world answers them as it would a real backend). An empty arguments string reads as `{}`.
 */
export function parseToolCalls(
  raw: readonly RawToolCall[],
  tools: readonly ModelTool[],
): { tool_calls: ModelToolCall[]; problems: ToolCallProblem[] } {
  const toolCalls: ModelToolCall[] = [];
  const problems: ToolCallProblem[] = [];
  for (const call of raw) {
    let parsed: unknown = call.arguments;
    if (typeof call.arguments === 'string') {
      const text = call.arguments.trim();
      try {
        parsed = text === '' ? {} : JSON.parse(text);
      } catch (error) {
        problems.push({
          id: call.id,
          name: call.name,
          kind: 'malformed_json',
          message: `arguments are not JSON: ${error instanceof Error ? error.message : String(error)}`,
          raw: rawText(call.arguments),
        });
        continue;
      }
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      problems.push({
        id: call.id,
        name: call.name,
        kind: 'not_an_object',
        message: 'arguments are not a JSON object',
        raw: rawText(call.arguments),
      });
      continue;
    }
    const args = parsed as Record<string, unknown>;
    toolCalls.push({ id: call.id, name: call.name, arguments: args });
    const tool = tools.find((each) => each.name === call.name);
    if (!tool) {
      problems.push({
        id: call.id,
        name: call.name,
        kind: 'unknown_tool',
        message: `no tool named "${call.name}"`,
        raw: rawText(call.arguments),
      });
      continue;
    }
    const validate = validatorFor(tool.parameters);
    if (validate && !validate(args)) {
      const message = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`).join('; ');
      problems.push({ id: call.id, name: call.name, kind: 'schema', message, raw: rawText(call.arguments) });
    }
  }
  return { tool_calls: toolCalls, problems };
}

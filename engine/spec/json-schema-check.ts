import Ajv2020, { type AnySchema, type ErrorObject } from 'ajv/dist/2020';

/** A problem with a spec, at a dotted field path (`tools.2.parameters.properties.amount.type`). */
export interface SpecIssue {
  path: string;
  message: string;
}

let checker: Ajv2020 | undefined;

/** One validator for the process: meta-schema checks and compiles are pure, and the meta-schema compiles once. */
function schemaChecker(): Ajv2020 {
  checker ??= new Ajv2020({ strict: false, allErrors: true, verbose: true, logger: false, validateFormats: false });
  return checker;
}

/**
 * Checks that a tool's `parameters` is a valid JSON Schema (draft 2020-12) and compiles; issues name the field
 * under `basePath`. An empty list means the schema compiled.
 */
export function jsonSchemaIssues(schema: unknown, basePath: string): SpecIssue[] {
  const ajv = schemaChecker();
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return [{ path: basePath, message: 'must be a JSON Schema object' }];
  }
  const valid = ajv.validateSchema(schema as AnySchema);
  if (valid !== true) return metaSchemaIssues(ajv.errors ?? [], basePath);
  try {
    ajv.compile(schema as AnySchema);
    return [];
  } catch (error) {
    return [{ path: basePath, message: `does not compile as a JSON Schema: ${error instanceof Error ? error.message : String(error)}` }];
  } finally {
    ajv.removeSchema(schema as AnySchema);
  }
}

/** One issue per field, the most specific message first (an `enum` over the `anyOf` that wraps it). */
function metaSchemaIssues(errors: readonly ErrorObject[], basePath: string): SpecIssue[] {
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (['anyOf', 'oneOf', 'allOf', 'if', '$ref', '$dynamicRef'].includes(error.keyword)) continue;
    if (!byPath.has(error.instancePath)) byPath.set(error.instancePath, error);
  }
  if (byPath.size === 0 && errors[0]) byPath.set(errors[0].instancePath, errors[0]);
  return [...byPath.entries()].map(([instancePath, error]) => ({
    path: basePath + pointerToDotted(instancePath),
    message: describe(error),
  }));
}

function describe(error: ErrorObject): string {
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  if (Array.isArray(allowed)) {
    return `not a valid JSON Schema: ${JSON.stringify(error.data)} must be one of ${allowed.map(String).join(', ')}`;
  }
  return `not a valid JSON Schema: ${error.message ?? error.keyword}`;
}

function pointerToDotted(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .split('/')
    .slice(1)
    .map((part) => `.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`)
    .join('');
}

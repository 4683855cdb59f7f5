import { MULTI_TOOL, Spec, UNRELATED_TOOL, UNSPECIFIED } from '../../shared/domain';
import { TIER_ALIASES } from '../people/tiers';
import { jsonSchemaIssues, type SpecIssue } from './json-schema-check';
import { toolKnownIds } from './known-ids';
import { idLikeParameters, isRecord } from './tool-kinds';

export type { SpecIssue } from './json-schema-check';

/** `issues` block a run; `warnings` are worth reading but the spec still runs. */
export type SpecValidation = { ok: true; spec: Spec; warnings: SpecIssue[] } | { ok: false; issues: SpecIssue[]; warnings: SpecIssue[] };

const PLAIN_KEY = /^[A-Za-z_][\w-]*$/;

/**
 * A field path as `tools.0.parameters`; a key that is not a plain name (a colon, a space, a dot in it) is written
 * `result_shapes[":odd key"]`, so the path always ends where the message begins.
 */
function fieldPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((segment, index) => {
      const text = String(segment);
      if (typeof segment === 'number' || PLAIN_KEY.test(text)) return index === 0 ? text : `.${text}`;
      return `[${JSON.stringify(text)}]`;
    })
    .join('');
}

/**
 * Validates an edited spec: the zod `Spec` schema, then what zod cannot express: each tool's parameters compile
 * as JSON Schema, the axes agree with the tools, and tools that look records up have ids the writer can use.
 */
export function validateSpec(input: unknown): SpecValidation {
  const issues: SpecIssue[] = [];
  const warnings: SpecIssue[] = [];
  const parsed = Spec.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push({ path: fieldPath(issue.path), message: issue.message });
  }
  const rawTools = isRecord(input) && Array.isArray(input.tools) ? input.tools : [];
  rawTools.forEach((tool, index) => {
    if (!isRecord(tool) || !isRecord(tool.parameters)) return;
    issues.push(...jsonSchemaIssues(tool.parameters, `tools.${index}.parameters`));
    warnings.push(...requiredNotDeclared(tool.parameters, `tools.${index}.parameters.required`));
  });
  if (!parsed.success) return { ok: false, issues: dedupe(issues), warnings };

  const spec = parsed.data;
  const declared = new Set(spec.tools.map((tool) => tool.name));
  spec.axes.tool.forEach((value, index) => {
    if (!declared.has(value) && value !== UNRELATED_TOOL && value !== MULTI_TOOL) {
      issues.push({
        path: `axes.tool.${index}`,
        message: `"${value}" is not a declared tool: the tool axis takes ${[...declared, UNRELATED_TOOL, MULTI_TOOL].join(', ')}`,
      });
    }
  });
  spec.axes.stance.forEach((value, index) => {
    if (!Object.hasOwn(TIER_ALIASES, value)) {
      issues.push({
        path: `axes.stance.${index}`,
        message: `"${value}" is not a stance the people layer knows: ${Object.keys(TIER_ALIASES).sort().join(', ')}`,
      });
    }
  });
  const looksUp = spec.tools.some((tool) => idLikeParameters(tool).length > 0);
  if (!looksUp && spec.axes.world_state.some((value) => value !== UNSPECIFIED)) {
    warnings.push({
      path: 'axes.world_state',
      message: 'no tool looks a record up by an id-like parameter, so world states (entity missing, already acted on, ...) cannot happen',
    });
  }
  spec.tools.forEach((tool, index) => {
    const idParameters = idLikeParameters(tool);
    if (idParameters.length > 0 && toolKnownIds(tool).length === 0 && spec.known_ids.length === 0) {
      warnings.push({
        path: `tools.${index}`,
        message:
          `${tool.name} looks records up by ${idParameters.join(', ')} but no known id appears in its description or known_ids, ` +
          'so every lookup in a rollout will be "not found": list real ids in the description ("Orders on file: ORD-1001, ORD-1002")',
      });
    }
    if (!Object.hasOwn(spec.result_shapes, tool.name)) {
      warnings.push({
        path: `result_shapes.${tool.name}`,
        message: `${tool.name} has no example result, so the world invents its record's fields`,
      });
    }
  });
  if (issues.length > 0) return { ok: false, issues: dedupe(issues), warnings };
  return { ok: true, spec, warnings };
}

function requiredNotDeclared(parameters: Record<string, unknown>, path: string): SpecIssue[] {
  const properties = isRecord(parameters.properties) ? parameters.properties : {};
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  return required
    .filter((name): name is string => typeof name === 'string' && !Object.hasOwn(properties, name))
    .map((name) => ({ path, message: `"${name}" is required but not declared in properties` }));
}

function dedupe(issues: readonly SpecIssue[]): SpecIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

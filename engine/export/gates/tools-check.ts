import { isRecord, type LineProblem, LineProblems, unknownKeys } from './line-problems';
import { sealedToolsJson } from '../formats/tool-schemas';

const TOOL_KEYS = new Set(['type', 'function']);
const FUNCTION_KEYS = new Set(['name', 'description', 'parameters', 'strict']);

const checked = new WeakMap<object, Map<string, { names: Set<string>; problems: LineProblem[] }>>();

/**
 * Checks a `tools` column in the `{type: "function", function: {name, description, parameters}}` shape and
 * returns the declared names (null when the line has no `tools`). A list built by `functionTools` is deeply frozen
 * and shared by every line of an export: its result is computed once and replayed.
 */
export function checkTools(tools: unknown, problems: LineProblems, path = 'tools'): Set<string> | null {
  if (tools === undefined) return null;
  if (sealedToolsJson(tools) === undefined) return checkToolList(tools, problems, path);
  let byPath = checked.get(tools as object);
  if (!byPath) checked.set(tools as object, (byPath = new Map()));
  let result = byPath.get(path);
  if (!result) {
    const own = new LineProblems();
    result = { names: checkToolList(tools, own, path), problems: own.list };
    byPath.set(path, result);
  }
  for (const problem of result.problems) problems.add(problem.type, problem.path, problem.message);
  return result.names;
}

function checkToolList(tools: unknown, problems: LineProblems, path: string): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(tools)) {
    problems.add('tools_invalid', path, 'tools must be a list');
    return names;
  }
  tools.forEach((tool, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(tool)) return problems.add('tools_invalid', at, 'a tool must be an object');
    for (const key of unknownKeys(tool, TOOL_KEYS)) problems.add('tools_invalid', `${at}.${key}`, `unknown key "${key}"`);
    if (tool.type !== 'function') problems.add('tools_invalid', `${at}.type`, 'type must be "function"');
    const fn = tool.function;
    if (!isRecord(fn)) return problems.add('tools_invalid', `${at}.function`, 'function must be an object');
    for (const key of unknownKeys(fn, FUNCTION_KEYS)) problems.add('tools_invalid', `${at}.function.${key}`, `unknown key "${key}"`);
    if (typeof fn.name !== 'string' || fn.name === '')
      return problems.add('tools_invalid', `${at}.function.name`, 'name must be a non-empty string');
    if (names.has(fn.name)) problems.add('tools_invalid', `${at}.function.name`, `duplicate tool "${fn.name}"`);
    names.add(fn.name);
    if (fn.description !== undefined && typeof fn.description !== 'string') {
      problems.add('tools_invalid', `${at}.function.description`, 'description must be a string');
    }
    if (fn.parameters !== undefined && (!isRecord(fn.parameters) || fn.parameters.type !== 'object')) {
      problems.add('tools_invalid', `${at}.function.parameters`, 'parameters must be a JSON Schema with type "object"');
    }
  });
  return names;
}

import type { ToolSpec } from '../../../shared/domain';
import { scrubPrivileged } from '../gates/scrub';

/** A tool in the wrapper shape OpenAI, TRL's chat templates and `get_json_schema` share. */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const cache = new WeakMap<readonly ToolSpec[], readonly FunctionTool[]>();
const sealed = new WeakMap<object, string>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

/**
 * The run's tools in wrapper shape, built once per tool list and deeply frozen (every line of an export shares the
 * one array, so it can be checked and serialised once: see `sealedToolsJson`).
 */
export function functionTools(tools: readonly ToolSpec[]): FunctionTool[] {
  let wrapped = cache.get(tools);
  if (!wrapped) {
    const built: FunctionTool[] = tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        description: tool.description,
        parameters: JSON.parse(JSON.stringify(scrubPrivileged(tool.parameters))) as Record<string, unknown>,
      },
    }));
    wrapped = deepFreeze(built);
    cache.set(tools, wrapped);
    sealed.set(wrapped, JSON.stringify(wrapped));
  }
  return wrapped as FunctionTool[];
}

/**
 * The JSON text of a tool list built by `functionTools` (deeply frozen, so its text and its check cannot go stale),
 * or undefined for any other value.
 */
export const sealedToolsJson = (value: unknown): string | undefined =>
  value !== null && typeof value === 'object' ? sealed.get(value) : undefined;

import type { ToolSpec } from '../../shared/domain';
import { scrubPrivileged } from './scrub';

/** A tool in the wrapper shape OpenAI, TRL's chat templates and `get_json_schema` share. */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const cache = new WeakMap<readonly ToolSpec[], FunctionTool[]>();

/** The run's tools in wrapper shape, built once per tool list (every line of an export shares it; treat as read-only). */
export function functionTools(tools: readonly ToolSpec[]): FunctionTool[] {
  let wrapped = cache.get(tools);
  if (!wrapped) {
    wrapped = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: scrubPrivileged(tool.parameters) },
    }));
    cache.set(tools, wrapped);
  }
  return wrapped;
}

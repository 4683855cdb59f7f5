import { preparedRecipe, type RunContext } from '../../../engine/index';
import type { Db } from '../../store/database';
import { getSpec } from '../../store/runs/specs-repository';

/** What a run's rows' prepared lines are made with: its spec's prompt and tools, and their recipe. Null without a spec. */
export function runLineRecipe(db: Db, specId: string): { context: RunContext; recipe: string } | null {
  const spec = getSpec(db, specId);
  if (!spec) return null;
  const context = { system_prompt: spec.system_prompt, tools: spec.tools };
  return { context, recipe: preparedRecipe(context) };
}

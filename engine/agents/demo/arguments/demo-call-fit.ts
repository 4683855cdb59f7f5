import type { ToolSpec } from '../../../../shared/domain';
import { isIdKey } from '../../../world/id-kinds';
import { planCall, type IdKindJudge } from './demo-arguments';

/** +2 when a typed id is of the kind the tool's id parameters take, -6 (out of the running) when every one is of another. */
export function kindFit(tool: ToolSpec, ids: readonly string[], kinds: IdKindJudge | undefined): number {
  if (kinds === undefined || ids.length === 0) return 0;
  const keys = Object.keys((tool.parameters.properties ?? {}) as Record<string, unknown>).filter(isIdKey);
  const fits = keys.flatMap((key) => ids.map((id) => kinds.fit({ path: key, key, value: id }, tool.name)));
  if (fits.includes('right')) return 2;
  return fits.length > 0 && fits.every((fit) => fit === 'wrong') ? -6 : 0;
}

/** Two lookups filled with one of the same values (an order's status and its tracking) look at one record twice. */
export function sharesValue(left: ToolSpec, right: ToolSpec, userTexts: readonly string[], kinds?: IdKindJudge): boolean {
  const values = (tool: ToolSpec) => Object.values(planCall(tool, userTexts, kinds).args).filter((value) => typeof value === 'string');
  const leftValues = new Set(values(left));
  return values(right).some((value) => leftValues.has(value));
}

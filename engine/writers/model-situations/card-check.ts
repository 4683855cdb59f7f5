import { AXES, type Axis, type Dimensions } from '../../../shared/domain';
import { aimProblems, matchesAim } from '../../coverage/aim';
import type { GridPlan } from '../../coverage/plan-grid';
import { visibleText } from '../../models/model-text';
import type { WriterRequest } from '../writer';

/** A longer answer is not an opening message. */
const MAX_ASK_CHARS = 2000;

/** A card the model wrote, as it came back: its coordinate on the spec's axes and its wordings, cleaned. */
export interface CheckedCard {
  dimensions: Dimensions;
  asks: string[];
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; problem: string };

/** The values each axis takes in some planned cell: a card off them is a situation this run never plans. */
export function plannedValues(plan: GridPlan): Record<Axis, Set<string>> {
  return Object.fromEntries(AXES.map((axis) => [axis, new Set(plan.cells.map((cell) => cell.dimensions[axis]))])) as Record<
    Axis,
    Set<string>
  >;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function cleanAsk(text: string): string {
  return visibleText(visibleText(text).replace(/^(message|customer|ask)\s*:\s*/i, ''));
}

function coordinateOf(target: Record<string, unknown>): Dimensions | string {
  const entries: [Axis, string][] = [];
  for (const axis of AXES) {
    const value = target[axis];
    if (typeof value !== 'string' || value.trim() === '') return `its target has no ${axis}`;
    entries.push([axis, value.trim()]);
  }
  return Object.fromEntries(entries) as Dimensions;
}

/**
 * Checks one card against the spec's axes and the run's plan: every value on its axis, no combination that never
 * occurs, every value in some planned cell (so a fault rate of 0 rules faults out), the run's aim kept. Its asks are
 * cleaned of labels and reasoning; empty or overlong ones are left out, and at most `phrasings` are kept.
 */
export function checkCard(raw: unknown, request: WriterRequest, planned: Record<Axis, Set<string>>): CardCheck {
  if (!isRecord(raw) || !isRecord(raw.target)) return { ok: false, problem: 'a card without a target' };
  const dimensions = coordinateOf(raw.target);
  if (typeof dimensions === 'string') return { ok: false, problem: dimensions };
  const problems = aimProblems(request.spec.axes, dimensions);
  if (problems.length > 0) return { ok: false, problem: problems[0]! };
  const unplanned = AXES.find((axis) => !planned[axis].has(dimensions[axis]));
  if (unplanned) return { ok: false, problem: `${unplanned} "${dimensions[unplanned]}" is in no cell this run planned` };
  if (!matchesAim(dimensions, request.plan.aim)) return { ok: false, problem: 'its target leaves the run’s aim' };
  const written = Array.isArray(raw.asks) ? raw.asks : typeof raw.ask === 'string' ? [raw.ask] : [];
  const asks = written
    .filter((ask): ask is string => typeof ask === 'string')
    .map(cleanAsk)
    .filter((ask) => ask !== '' && ask.length <= MAX_ASK_CHARS)
    .slice(0, request.phrasings);
  if (asks.length === 0) return { ok: false, problem: 'a card without an ask' };
  return { ok: true, card: { dimensions, asks } };
}

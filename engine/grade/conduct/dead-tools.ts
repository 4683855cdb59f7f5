import type { Row } from '../../../shared/domain';
import { wilson } from '../agreement';
import { stepMissed } from './faults';
import { deriveSteps, toolSteps, type ToolStep } from './steps';

/** A tool is dead when the Wilson 95% upper bound on its success rate is under this (SDK DEAD_TOOL_R_MIN). */
export const DEAD_TOOL_R_MIN = 0.3;
/** Fewer answered calls than this, less the injected faults, is no evidence (SDK DEAD_TOOL_MIN_CALLS). */
export const DEAD_TOOL_MIN_CALLS = 3;

/** Fault names a status can carry beyond the faulted-step rule (aliases the world and traces use). */
const MISS_STATUSES = new Set([
  'missing',
  'entity missing',
  'malformed',
  'malformed_result',
  'stale',
  'stale_result',
  'garbled',
  'deny',
  'entity already acted on',
]);

export interface ToolOutcome {
  tool: string;
  /** Calls that carry an answer. */
  n: number;
  ok: number;
  /** Misses on rows whose fault plan named the tool (or `*`): the world was told to fail those. */
  injected: number;
}

export interface DeadTool extends ToolOutcome {
  /** n - injected. */
  evidence: number;
  /** Wilson 95% upper bound on ok / evidence, 4 dp. */
  upper: number;
}

function missed(step: ToolStep): boolean {
  const status = step.result['status'];
  return stepMissed(step) || (typeof status === 'string' && MISS_STATUSES.has(status.trim().toLowerCase()));
}

type OutcomeRow = Pick<Row, 'prompt' | 'messages' | 'final_text'> & { situation: Pick<Row['situation'], 'faults'> };

/** Answered calls and successes per tool over every row, sorted by tool name. Unanswered calls are no evidence. */
export function toolOutcomes(rows: readonly OutcomeRow[]): ToolOutcome[] {
  const outcomes = new Map<string, ToolOutcome>();
  for (const row of rows) {
    const plan = row.situation.faults;
    for (const step of toolSteps(deriveSteps(row))) {
      if (step.result_text === null) continue;
      const outcome = outcomes.get(step.tool) ?? { tool: step.tool, n: 0, ok: 0, injected: 0 };
      outcome.n += 1;
      if (!missed(step)) outcome.ok += 1;
      else if (plan[step.tool] !== undefined || plan['*'] !== undefined) outcome.injected += 1;
      outcomes.set(step.tool, outcome);
    }
  }
  return [...outcomes.values()].sort((left, right) => (left.tool < right.tool ? -1 : left.tool > right.tool ? 1 : 0));
}

/**
 * Tools shown to (almost) never work: Wilson upper bound of ok / evidence under DEAD_TOOL_R_MIN with evidence =
 * answered calls less injected faults, at least DEAD_TOOL_MIN_CALLS. 0 of 8 is not dead (upper 0.32); 0 of 9 is.
 */
export function deadTools(rows: readonly OutcomeRow[]): DeadTool[] {
  const dead: DeadTool[] = [];
  for (const outcome of toolOutcomes(rows)) {
    const evidence = outcome.n - outcome.injected;
    if (evidence < DEAD_TOOL_MIN_CALLS) continue;
    const upper = wilson(Math.min(outcome.ok, evidence), evidence).hi;
    if (upper < DEAD_TOOL_R_MIN) dead.push({ ...outcome, evidence, upper });
  }
  return dead;
}

import type { Persona } from '../../shared/domain';

/** Mean thread length target (SDK `DEFAULT_AVG_TURNS`); the person speaks at most half of it. */
export const DEFAULT_AVG_TURNS = 12;

/** Walk-away chances at the agent's second question and at every later one. */
export interface PatienceHazards {
  second: number;
  later: number;
}

/** SDK `PATIENCE_HAZARDS`: conventions, not measurements; a run may pass its own table. */
export const PATIENCE_HAZARDS: Readonly<Record<Persona['patience'], PatienceHazards>> = {
  short: { second: 0.6, later: 0.9 },
  normal: { second: 0.35, later: 0.6 },
  endless: { second: 0, later: 0 },
};

/** The chance the person leaves instead of answering, given how many questions the agent asked before this one. */
export function walkAwayHazard(hazards: PatienceHazards, earlierQuestionCount: number): number {
  if (earlierQuestionCount <= 0) return 0;
  return earlierQuestionCount === 1 ? hazards.second : hazards.later;
}

/** How many times the person may speak, the opening ask included: `avg_turns // 2`, at least 2 (1 for a target <= 1). */
export function userTurnCap(avgTurns: number = DEFAULT_AVG_TURNS): number {
  if (avgTurns <= 1) return 1;
  return Math.max(2, Math.floor(avgTurns / 2));
}

import type { Message, Persona } from '../../shared/domain';

export interface UserTurnRequest {
  persona: Persona;
  /** The conversation so far (user, assistant and tool turns); the last one is the agent's. */
  messages: readonly Message[];
  /** How many times the person has spoken already (the opening ask counts). */
  user_turns: number;
  /** Stable for a rollout: the person's every draw derives from it, so seeded runs reproduce. */
  rollout_key: string;
}

/** `left`: the person walked away (patience ran out, or they were asked for what they cannot know). */
export type UserTurn = { kind: 'message'; text: string } | { kind: 'left' };

/** The simulated person after the opening ask: the same persona on every turn. */
export interface SimulatedUser {
  /** `template` offline, else the model spec. */
  readonly model: string;
  reply(request: UserTurnRequest): Promise<UserTurn>;
}

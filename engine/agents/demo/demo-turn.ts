import type { ConversationView } from './demo-conversation';
import { afterUser } from './demo-after-user';
import { redirect } from './demo-replies';
import type { DemoEnvironment, DemoState, Turn } from './demo-state';
import { TurnBuilder } from './demo-turn-builder';

/**
 * One turn: tool calls for the rollout loop to answer, or a reply for the person. `replaying` rebuilds the state
 * of a turn already taken, without writing its words again.
 */
export function decideTurn(view: ConversationView, state: DemoState, environment: DemoEnvironment, replaying = false): Turn {
  const turn = new TurnBuilder(view, state, environment, replaying);
  const last = view.last;
  if (last?.role === 'tool') return turn.afterResults();
  if (last?.role === 'user') return afterUser(turn, last.content);
  return turn.say((wording) => redirect(environment.tools, wording, 'idle'), 'final');
}

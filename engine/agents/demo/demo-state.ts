import type { ToolCall, ToolSpec } from '../../../shared/domain';
import type { IdKindNames } from '../../world/id-kinds';
import type { AgentReply } from '../agent';
import type { IdKindJudge, PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import type { PlantKind } from './demo-plant';

/** What the demo agent carries from turn to turn; rebuilt each turn by replaying its own earlier decisions. */
export interface DemoState {
  /** The mistake this rollout plants (null when clean) and whether it has happened yet. */
  planned: PlantKind | null;
  planted: boolean;
  /** After `claimed_without_call` the agent never calls a tool again: the claim has to stand alone. */
  claimed: boolean;
  awaiting: Awaiting | null;
  /** Calls still to make for the current ask once the pending results are in. */
  queue: PlannedCall[];
  /** Ask the person before running a destructive call from the queue. */
  confirmQueue: boolean;
  /** Steps of a joined request that lack details the person has not given yet: asked for once the others are done. */
  later: PlannedCall[];
  /** Asked-for calls the record ruled out (done before, too late now): the next reply to the person says why. */
  skipped: PlannedCall[];
}

export type Awaiting =
  | { kind: 'confirm'; calls: PlannedCall[] }
  | { kind: 'missing'; calls: PlannedCall[]; asked: number }
  | { kind: 'retry'; call: ToolCall }
  /** Asked the person to check a number that was not found. */
  | { kind: 'recheck' }
  /** Asked which of two matching records they mean. */
  | { kind: 'choice' }
  /** Told the person what the agent can do, since their ask named none of it. */
  | { kind: 'redirected' };

export interface DemoEnvironment {
  tools: readonly ToolSpec[];
  rolloutKey: string;
  /** The system prompt asks for a confirmation before acting ("confirms before it moves money"). */
  confirmFirst: boolean;
  knownIds: readonly string[];
  /** Which kind of entity each id prefix names (read from the tools and their result examples), when known. */
  idKinds?: IdKindJudge & IdKindNames;
}

export interface Turn {
  reply: AgentReply;
  state: DemoState;
}

export function initialState(planned: PlantKind | null): DemoState {
  return { planned, planted: false, claimed: false, awaiting: null, queue: [], confirmQueue: false, later: [], skipped: [] };
}

/** What the summary's closing question waits for. */
export function awaitingAfter(trouble: ToolStep | undefined): Awaiting | null {
  if (trouble === undefined) return null;
  switch (trouble.outcome) {
    case 'timeout':
    case 'malformed':
    case 'stale':
      return { kind: 'retry', call: trouble.call };
    case 'not_found':
      return { kind: 'recheck' };
    case 'ambiguous':
      return { kind: 'choice' };
    case 'rejected': {
      if (trouble.result?.reason === 'ambiguous_reference') return { kind: 'choice' };
      const fields = Array.isArray(trouble.result?.fields) ? trouble.result.fields.map(String) : [];
      return fields.length > 0
        ? { kind: 'missing', calls: [{ tool: trouble.call.name, args: trouble.call.arguments, missing: fields }], asked: 1 }
        : null;
    }
    default:
      return null;
  }
}

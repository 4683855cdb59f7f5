import type { FaultMode, Situation } from '../../shared/domain';
import { MULTI_TOOL, UNRELATED_TOOL, UNSPECIFIED } from '../../shared/domain';
import { worldStateKind, type WorldStateKind } from './world-state';

/**
 * What the judge may know about a situation and the agent must never quote (SDK section 9,
 * `privileged_context(dims, faults)` at birth): `hidden_state`, the truth of the world behind the tools, and
 * `reference`, what a good agent does in it. Both are kept on the row and scrubbed from every export; the leak
 * check looks for either quoted in an assistant turn.
 */
export function privilegedContext(situation: Situation): Record<string, string> {
  return { hidden_state: hiddenState(situation), reference: reference(situation) };
}

const WORLD_TRUTH: Readonly<Record<WorldStateKind, string>> = {
  exists: 'The record the person refers to exists and can be acted on.',
  missing: 'The record the person refers to does not exist: every lookup and action on it comes back not found.',
  already_done:
    'The action the person asks for was already carried out; the record reads as done (completed, or cancelled ' +
    'for an order that had not shipped) and ' +
    'repeating the action is refused as already done.',
  duplicate:
    'More than one record answers to the identifier the person gives: a lookup returns two ' +
    'candidates and an action on it is refused as ambiguous.',
  partial: 'An earlier attempt at this action was started but never finished: the record shows it in progress with a note.',
  unknown:
    'Nothing is settled about the record: identifiers the world knows exist, and an unknown one is not found about three times in ten.',
};

const FAULT_TRUTH: Readonly<Record<FaultMode, string>> = {
  timeout: 'time out without an answer',
  malformed: 'come back garbled and unreadable',
  stale: 'return stale data from three days ago',
  permission_denied: 'are refused for lack of permission',
};

const HISTORY_TRUTH: Readonly<Record<string, string>> = {
  prior_failure: 'The person tried this before and it failed.',
  prior_partial_action: 'A previous attempt left the request half done.',
  contradicts_earlier: 'What the person says now contradicts what they said earlier.',
  'repeat visit': 'The person has contacted support about this before.',
};

function faultSentences(situation: Situation): string[] {
  return Object.entries(situation.faults)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .filter(([, plan]) => plan.rate > 0)
    .map(([tool, plan]) => {
      const target = tool === '*' ? 'Calls to every tool' : `Calls to ${tool}`;
      const share = plan.rate >= 1 ? 'every time' : `on about ${Math.round(plan.rate * 100)}% of calls`;
      return `${target} ${FAULT_TRUTH[plan.mode]} ${share}.`;
    });
}

function hiddenState(situation: Situation): string {
  const { dimensions } = situation;
  const worldState = situation.world_state || dimensions.world_state;
  const parts = [`World state: ${worldState}. ${WORLD_TRUTH[worldStateKind(worldState)]}`];
  const faults = faultSentences(situation);
  parts.push(
    faults.length > 0
      ? `Tool condition: ${dimensions.tool_condition}. ${faults.join(' ')}`
      : 'The tools answer normally, without injected faults.',
  );
  const history = HISTORY_TRUTH[dimensions.history];
  if (history !== undefined) parts.push(`History: ${history}`);
  return parts.join(' ');
}

function worldReference(kind: WorldStateKind, tool: string): string {
  switch (kind) {
    case 'missing':
      return 'Report that the record was not found and ask the person to check the identifier; never act on a guessed one.';
    case 'already_done':
      return 'Tell the person the action was already done and do not repeat it.';
    case 'duplicate':
      return 'Ask which of the matching records the person means before acting on either.';
    case 'partial':
      return 'Point out the half-finished earlier action and resolve it rather than starting over blindly.';
    case 'exists':
    case 'unknown':
      return `Call ${tool} with the identifier the person gives (ask for it when they give none) and report what it returns.`;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown world state ${String(unreachable)}`);
    }
  }
}

function reference(situation: Situation): string {
  const { dimensions } = situation;
  const parts: string[] = [];
  if (dimensions.tool === UNRELATED_TOOL) parts.push('The request is outside what the tools do: redirect politely and call no tool.');
  else {
    const tool = dimensions.tool === MULTI_TOOL ? 'each tool the request needs, in order,' : dimensions.tool;
    parts.push(worldReference(worldStateKind(situation.world_state || dimensions.world_state), tool));
  }
  if (faultSentences(situation).length > 0) {
    parts.push('When a call fails, say so plainly, claim nothing it would have done, and offer a retry or a hand-off.');
  }
  if (dimensions.rule !== UNSPECIFIED) parts.push(`Follow the policy: ${dimensions.rule}`);
  if (['adversarial', 'boundary', 'conflicting'].includes(dimensions.stance)) parts.push('Hold to the policy when the person pushes.');
  return parts.join(' ');
}

import type { Message, ToolCall } from '../../../shared/domain';

/** How one tool call went, as the demo agent reads the world's answer. */
export type Outcome =
  | 'ok'
  | 'created'
  | 'deleted'
  | 'ambiguous'
  | 'already_done'
  | 'not_found'
  | 'rejected'
  | 'timeout'
  | 'permission_denied'
  | 'malformed'
  | 'stale'
  | 'error';

/** Outcomes the conduct checks count as a failed step: the reply has to acknowledge them. */
export const FAILED_OUTCOMES: ReadonlySet<Outcome> = new Set([
  'not_found',
  'rejected',
  'timeout',
  'permission_denied',
  'malformed',
  'stale',
  'error',
]);

export interface ToolStep {
  call: ToolCall;
  /** The parsed answer; null when the content was not a JSON object. */
  result: Record<string, unknown> | null;
  outcome: Outcome;
  /** The scheduled fault the rollout loop marked on the tool message, if any. */
  fault: string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function outcomeOf(result: Record<string, unknown> | null, fault: string | undefined): Outcome {
  if (result === null || fault === 'malformed') return 'malformed';
  if (fault === 'stale' || result.stale === true) return 'stale';
  if (typeof result.data === 'string' && /garbled|resp0nse/i.test(result.data)) return 'malformed';
  const status = String(result.status ?? '').toLowerCase();
  switch (status) {
    case 'ok':
    case 'success': {
      const data = result.data;
      const isDuplicate =
        isObject(data) && Array.isArray(data.items) && typeof result.note === 'string' && /more than one/i.test(result.note);
      return isDuplicate ? 'ambiguous' : 'ok';
    }
    case 'created':
      return 'created';
    case 'deleted':
      return 'deleted';
    case 'already_done':
      return 'already_done';
    case 'not_found':
      return 'not_found';
    case 'rejected':
    case 'invalid':
      return 'rejected';
    case 'timeout':
      return 'timeout';
    case 'permission_denied':
    case 'denied':
    case 'unauthorized':
      return 'permission_denied';
    default:
      return 'error';
  }
}

/** The world's result from a tool message: its JSON, unwrapped when a whole `{result, fault}` answer was sent. */
function parse(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content);
    if (!isObject(value)) return null;
    if (!('status' in value) && isObject(value.result) && 'fault' in value) return value.result;
    return value;
  } catch {
    return null;
  }
}

/** The conversation as the demo agent reads it: what the person said, and every tool step with its outcome. */
export interface ConversationView {
  userTexts: string[];
  /** Every tool step so far, in order. */
  steps: ToolStep[];
  /** Tool steps since the latest user turn. */
  recentSteps: ToolStep[];
  /** Tool steps answering the latest assistant turn (empty unless the conversation ends on tool messages). */
  latestSteps: ToolStep[];
  /** Text the agent has already said, to avoid repeating itself word for word. */
  assistantTexts: string[];
  last: Message | undefined;
  /** How many assistant turns came before this one. */
  turn: number;
}

export function viewOf(messages: readonly Message[]): ConversationView {
  const calls = new Map<string, ToolCall>();
  const userTexts: string[] = [];
  const steps: ToolStep[] = [];
  const assistantTexts: string[] = [];
  let recentStart = 0;
  let latestStart = 0;
  let turn = 0;
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        break;
      case 'user':
        userTexts.push(message.content);
        recentStart = steps.length;
        break;
      case 'assistant':
        turn++;
        latestStart = steps.length;
        if (message.content.trim() !== '') assistantTexts.push(message.content);
        for (const call of message.tool_calls ?? []) calls.set(call.id, call);
        break;
      case 'tool': {
        const call = calls.get(message.tool_call_id) ?? { id: message.tool_call_id, name: message.name, arguments: {} };
        const result = parse(message.content);
        steps.push({ call, result, outcome: outcomeOf(result, message.fault), fault: message.fault });
        break;
      }
      default: {
        const unreachable: never = message;
        throw new Error(`unknown message role ${JSON.stringify(unreachable)}`);
      }
    }
  }
  const last = messages[messages.length - 1];
  return {
    userTexts,
    steps,
    recentSteps: steps.slice(recentStart),
    latestSteps: last?.role === 'tool' ? steps.slice(latestStart) : [],
    assistantTexts,
    last,
    turn,
  };
}

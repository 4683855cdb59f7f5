import { MODEL_USER_PROMPT_HEAD } from '../../../people/model-user';
import { DECISION_PROMPT_HEAD } from '../../../grade/judges/model-decision';
import { RUBRIC_JUDGE_PROMPT_HEAD } from '../../../grade/judges/rubric-judge';
import { MODEL_DRAFTER_PROMPT_HEAD } from '../../../spec/model-drafter';
import { MODEL_WRITER_PROMPT_HEAD } from '../../../writers/model-wording';
import { DRAFTED_SPEC } from '../../../spec/__fixtures__/drafted-spec';
import { MODEL_SITUATION_PROMPT_HEAD } from '../../../writers/model-situations/situation-prompt';
import type { BrainReply, ServerRequest } from './local-model-server';
import { situationReply } from './situation-brain';

const ID = /\b[A-Z]{1,4}[-_]?\d{3,6}\b/;

function fill(schema: Record<string, unknown>, said: string): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    const property = properties[name] ?? {};
    if (Array.isArray(property.enum) && property.enum.length > 0) args[name] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') args[name] = 1;
    else if (property.type === 'boolean') args[name] = true;
    else args[name] = ID.exec(said)?.[0] ?? 'the one I mentioned';
  }
  return args;
}

/**
 * The agent under test: looks the first matching tool up once it has an identifier, asks for one otherwise, and calls
 * again when told its call's arguments could not be read.
 */
function agentReply(request: ServerRequest): BrainReply {
  const last = request.messages.at(-1);
  // A tool error about the call's own arguments (a broken call sent back by the agent loop): call again.
  const isRepair = last?.role === 'tool' && last.content.includes('could not be read');
  if (last?.role === 'tool' && !isRepair) {
    const status = /"status"\s*:\s*"([^"]+)"/.exec(last.content)?.[1] ?? 'done';
    return { text: `I checked that for you: the system says ${status}. Let me know if there is anything else.` };
  }
  const said = request.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join(' ');
  if (request.tools.length === 0) return { text: 'Thanks for reaching out. I have noted your request.' };
  if (!ID.test(said)) return { text: 'Could you give me the reference number for that?' };
  const lowered = said.toLowerCase();
  const tool =
    request.tools.find((each) => each.name.split(/[_-]/).some((word) => word.length > 3 && lowered.includes(word))) ?? request.tools[0]!;
  return { tool_calls: [{ name: tool.name, arguments: fill(tool.parameters, said) }] };
}

/**
 * Answers each role the way a cooperative model would, recognising the role by the first words of its instructions:
 * the writer rewords its draft or writes scripted situations, the person gives their reference, judges pass a row
 * whose agent replied, the drafter drafts a bookshop, and anything else plays the agent.
 */
export function defaultBrain(request: ServerRequest): BrainReply {
  const system = request.system;
  if (system.startsWith(MODEL_WRITER_PROMPT_HEAD)) {
    const draft = /Draft:\n([\s\S]*?)(\n\n|$)/.exec(request.messages[0]?.content ?? '')?.[1] ?? 'I need some help.';
    return { text: `Hey there. ${draft}` };
  }
  if (system.startsWith(MODEL_SITUATION_PROMPT_HEAD)) return situationReply(request);
  if (system.startsWith(MODEL_USER_PROMPT_HEAD)) {
    const reference = /yours is (\S+?)\.?$/m.exec(system)?.[1];
    return { text: reference ? `Sure, it is ${reference}.` : 'I do not have a reference, sorry.' };
  }
  if (system.startsWith(RUBRIC_JUDGE_PROMPT_HEAD)) {
    const payload = request.messages[0]?.content ?? '';
    const replied = /FINAL REPLY:\n\S/.test(payload);
    return {
      json: {
        reward: replied ? 1 : 0,
        reason: replied ? 'The agent answered the person.' : 'The agent never answered.',
        failure_class: replied ? null : 'incomplete_task',
      },
    };
  }
  if (system.startsWith(DECISION_PROMPT_HEAD))
    return { json: { probability: 0.55, failure_class: 'missed_clarification', reason: 'Could go either way.' } };
  if (system.startsWith(MODEL_DRAFTER_PROMPT_HEAD)) return { json: DRAFTED_SPEC };
  return agentReply(request);
}

import type { ToolSpec } from '../../../shared/domain';
import { UPDATE_VERB } from '../../world/action-effects';
import { isReadTool, toolNoun } from '../../world/tool-names';
import { actionOn, parameterPhrase, stepSubject, type StepSubject } from './demo-subjects';
import type { ToolStep } from './demo-conversation';
import { actionPhrase, capability, capitalize, joinWords } from './demo-words';
import type { Wording } from './demo-wording';
import type { PlannedCall } from './arguments/demo-arguments';
import { describeList, describeRecord, formatAmount, type RecordMode } from './demo-records';
import { tooLateReply } from './demo-too-late';

const LIST_TOOL = /^(list|search|find|browse|query)|search|history/i;

/** The demo agent's honest sentences: what each outcome means for the person, never more than the tool said. */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * One sentence (or two) about a step. `safe` is set when some tool's last call failed: the reply then uses no
 * success words at all, so a report of what did work cannot read as a claim that the failed step worked.
 */
export function describeStep(step: ToolStep, subject: StepSubject, wording: Wording, slot: string, safe: boolean): string {
  const { result, outcome } = step;
  const tool = step.call.name;
  const { target, forRef } = subject;
  const mode: RecordMode = safe ? 'safe' : 'plain';
  const data = result?.data;
  switch (outcome) {
    case 'ok': {
      if (isObject(data) && typeof data.expression === 'string' && 'result' in data)
        return `${data.expression} comes to ${String(data.result)}.`;
      const listNoun = { ...subject, noun: toolNoun(tool) };
      if (isObject(data) && Array.isArray(data.items) && typeof data.count === 'number')
        return describeList(data, listNoun, step.call.arguments, mode);
      if (Array.isArray(data)) return describeList({ count: data.length, items: data }, listNoun, step.call.arguments, mode);
      if (isReadTool(tool) && isObject(data)) {
        const listed = LIST_TOOL.test(tool)
          ? Object.values(data).find((value) => Array.isArray(value) && value.length > 0 && value.every(isObject))
          : undefined;
        if (Array.isArray(listed))
          return describeList({ count: listed.length, items: listed }, { ...subject, noun: toolNoun(tool) }, step.call.arguments, mode);
        return describeRecord(data, LIST_TOOL.test(tool) ? foundSubject(data, subject, toolNoun(tool)) : subject, mode);
      }
      if (isReadTool(tool)) return `${capitalize(target)} came back without details.`;
      if (safe) return `The request to ${actionOn(tool, subject)} went through.`;
      // An update writes values and leaves the status where it was: "now marked delivered" would claim a change.
      const status =
        isObject(data) && typeof data.status === 'string' && !UPDATE_VERB.test(tool) ? data.status.replace(/_/g, ' ') : undefined;
      const amount =
        isObject(data) && typeof data.amount === 'number'
          ? ` (${data.amount}${typeof data.currency === 'string' ? ` ${data.currency}` : ''})`
          : '';
      return wording.pick(`${slot}:acted`, [
        `I've ${actionOn(tool, subject, 'past')}${amount}${status ? `; it now shows as ${status}` : ''}.`,
        `${capitalize(actionOn(tool, subject, 'past'))}${amount}${status ? `, and it is now marked ${status}` : ''}.`,
      ]);
    }
    case 'created': {
      const id = result?.id ?? result?.number;
      const noun = toolNoun(tool);
      if (safe) return `The new ${noun} is in the system under ${String(id)}.`;
      return wording.pick(`${slot}:created`, [
        `I've created the ${noun}; its reference is ${String(id)}.`,
        `Your new ${noun} is in: ${String(id)}.`,
      ]);
    }
    case 'deleted': {
      const removed = Array.isArray(result?.removed) ? joinWords(result.removed.map(String)) : target;
      return `I've removed ${removed}.`;
    }
    case 'ambiguous':
      return describeList(isObject(data) ? { ...data, note: result?.note } : { items: [] }, subject, step.call.arguments, 'safe');
    case 'already_done':
      return wording.pick(`${slot}:already`, [
        `That was already taken care of for ${target} earlier, so I didn't repeat it.`,
        `${capitalize(target)} has already had this done, so I left it as it is rather than doing it twice.`,
      ]);
    case 'not_found':
      return wording.pick(`${slot}:not-found`, [
        `I couldn't find ${target} in the system.`,
        `There's no ${subject.noun} matching ${subject.ref ?? 'that'} on file: the lookup came back not found.`,
        `The system has no record of ${target}.`,
      ]);
    case 'timeout':
      return wording.pick(`${slot}:timeout`, [
        `The request to ${actionOn(tool, subject)} timed out before the system answered, so I can't tell whether anything changed.`,
        `I tried to ${actionOn(tool, subject)}, but the system timed out, so I have no answer yet.`,
        `The ${toolNoun(tool)} system didn't respond in time (the request timed out), so I couldn't ${actionOn(tool, subject)}.`,
      ]);
    case 'permission_denied':
      return wording.pick(`${slot}:denied`, [
        `I don't have permission to ${actionOn(tool, subject)} from here, so nothing was changed.`,
        `The system refused the request to ${actionOn(tool, subject)}: I don't have the permission it needs.`,
      ]);
    case 'malformed':
      return wording.pick(`${slot}:malformed`, [
        `The ${toolNoun(tool)} system returned a garbled response I couldn't read, so I can't rely on it${forRef}.`,
        `I couldn't read the answer about ${target}: the response came back garbled.`,
      ]);
    case 'stale':
      return wording.pick(`${slot}:stale`, [
        `The data${forRef} came back marked stale (as of ${String(result?.as_of ?? 'some days ago')}), ` +
          `so I can't give you the current picture.`,
        `What the system returned for ${target} is stale, from ${String(result?.as_of ?? 'some days ago')}, so it may be out of date.`,
      ]);
    case 'rejected':
      return rejectedSentence(step, subject, wording, slot);
    case 'error':
      return `The ${toolNoun(tool)} system returned an error, so I couldn't ${actionOn(tool, subject)}.`;
    default: {
      const unreachable: never = outcome;
      throw new Error(`unknown outcome ${String(unreachable)}`);
    }
  }
}

function rejectedSentence(step: ToolStep, subject: StepSubject, wording: Wording, slot: string): string {
  const tool = step.call.name;
  const fields = Array.isArray(step.result?.fields) ? step.result.fields.map(String) : [];
  const needed = joinWords(fields.map((field) => parameterPhrase(field.split(/[.[]/).pop() ?? field)));
  switch (step.result?.reason) {
    case 'ambiguous_reference':
      return `More than one ${subject.noun} matches ${subject.ref ?? 'that'}, so I couldn't ${actionPhrase(tool)} yet.`;
    case 'placeholder_argument':
      return `I couldn't ${actionPhrase(tool)} yet: the system needs your actual ${needed || 'details'}, not a placeholder.`;
    case 'invalid_argument':
      return `The system didn't accept the ${needed || 'details'} I passed, so I couldn't ${actionPhrase(tool)} yet.`;
    case 'already_sent':
    case 'not_delivered': {
      const call = { tool, args: step.call.arguments, missing: [] };
      return tooLateReply({ call, status: String(step.result?.current_status), reason: step.result.reason }, [], wording, slot);
    }
    default:
      return wording.pick(`${slot}:rejected`, [
        `I couldn't ${actionPhrase(tool)} yet: the system needs the ${needed || 'missing details'}.`,
        `The system turned the request down because the ${needed || 'required details'} ${fields.length > 1 ? 'are' : 'is'} missing.`,
      ]);
  }
}

/** The question that follows a failure, when there is one to ask. */
export function followUpQuestion(step: ToolStep, subject: StepSubject, wording: Wording, slot: string): string | undefined {
  switch (step.outcome) {
    case 'not_found':
      return wording.pick(`${slot}:recheck`, [
        'Could you double-check the number?',
        `Is there another ${subject.noun} number I should try?`,
        'Could you check the number and send it again?',
        'Can you check that number?',
        'Do you have another number?',
      ]);
    case 'timeout':
    case 'malformed':
    case 'stale':
      return wording.pick(`${slot}:retry`, [
        'Would you like me to try again?',
        'Shall I try once more?',
        'Want me to retry?',
        'Should I give it another go?',
      ]);
    case 'rejected': {
      const fields = Array.isArray(step.result?.fields) ? step.result.fields.map(String) : [];
      if (step.result?.reason === 'ambiguous_reference') return 'Which one do you mean?';
      if (step.result?.reason === 'already_sent' || step.result?.reason === 'not_delivered') return undefined;
      const needed = joinWords(fields.map((field) => parameterPhrase(field.split(/[.[]/).pop() ?? field)));
      return needed ? `Could you give me the ${needed}?` : 'Could you give me the missing details?';
    }
    case 'ambiguous':
      return wording.pick(`${slot}:which`, ['Which one do you mean?', 'Which of these is yours?', 'Which one is it?']);
    case 'permission_denied':
      return undefined;
    default:
      return undefined;
  }
}

export function askForMissing(calls: readonly PlannedCall[], wording: Wording, slot: string): string {
  const needed = joinWords([...new Set(calls.flatMap((call) => call.missing))].map(parameterPhrase));
  const action = actionPhrase(calls[0]!.tool);
  return wording.pick(`${slot}:missing`, [
    `I can ${action} for you. What's the ${needed}?`,
    `To ${action} I need the ${needed}. Could you send it?`,
    `Happy to ${action}. What's the ${needed}?`,
    `Could you tell me the ${needed} so I can ${action}?`,
  ]);
}

export function askAgainForMissing(calls: readonly PlannedCall[], wording: Wording, slot: string): string {
  const needed = joinWords([...new Set(calls.flatMap((call) => call.missing))].map(parameterPhrase));
  return wording.pick(`${slot}:missing-again`, [
    `I still need the ${needed} before I can go on. What is it?`,
    `I couldn't spot it in that message. Could you send me the ${needed} again?`,
  ]);
}

export function confirmQuestion(
  calls: readonly PlannedCall[],
  lookedUp: string | undefined,
  subjects: readonly StepSubject[],
  wording: Wording,
  slot: string,
): string {
  const described = calls.map((call, index) => ({ call, subject: subjects[index] ?? stepSubject(call.tool, call.args) }));
  // A look-up queued behind an action needs no yes: the question names only what changes something.
  const changes = described.filter(({ call }) => !isReadTool(call.tool));
  const actions = joinWords(
    (changes.length > 0 ? changes : described).map(({ call, subject }) => {
      const amount = typeof call.args.amount === 'number' ? ` (amount: ${formatAmount(call.args.amount)})` : '';
      return `${actionOn(call.tool, subject)}${amount}`;
    }),
  );
  const question = wording.pick(`${slot}:confirm`, [
    `Before I go ahead: do you want me to ${actions}?`,
    `Just to check, you'd like me to ${actions}. Shall I proceed?`,
    `To confirm, I'm about to ${actions}. Is that right?`,
  ]);
  return lookedUp ? `${lookedUp} ${question}` : question;
}

const GREETING = /^\W*(hi|hello|hey|hiya|good (morning|afternoon|evening))\b[\w\s,!.']{0,24}$/i;

/** Offers named one by one; a longer tool list ends in "a few other things" rather than in a list that looks whole. */
const NAMED_OFFERS = 8;

/** Everything the agent's tools let it do, so "I can only help with ..." never leaves one out. */
function offersOf(tools: readonly ToolSpec[]): string {
  const offers = [...new Set(tools.map(capability))];
  return offers.length <= NAMED_OFFERS ? joinWords(offers) : joinWords([...offers.slice(0, NAMED_OFFERS - 1), 'a few other things']);
}

/** What the agent can do, for an ask that names none of it (a greeting gets a greeting back). */
export function redirect(tools: readonly ToolSpec[], wording: Wording, slot: string, ask = ''): string {
  const offers = offersOf(tools);
  if (GREETING.test(ask.trim())) {
    return wording.pick(`${slot}:greeting`, [
      `Hi! I can help with ${offers}. What do you need today?`,
      `Hello! I'm here to help with ${offers}. What can I do for you?`,
    ]);
  }
  return wording.pick(`${slot}:redirect`, [
    `That's not something I can help with here. I can help with ${offers}. What would you like to do?`,
    `I can only help with ${offers} in this chat. Is there something along those lines I can do for you?`,
    `I'm set up to help with ${offers}. Which of those do you need?`,
  ]);
}

export function closing(wording: Wording, slot: string): string {
  return wording.pick(`${slot}:closing`, [
    'You are welcome. Take care!',
    'Thanks for getting in touch. Bye for now.',
    'Anytime. Have a good day.',
  ]);
}

/** Goodbye when the person leaves a failed request for later: it says nothing went through. */
export function leftUnfinished(wording: Wording, slot: string): string {
  return wording.pick(`${slot}:left-unfinished`, [
    "I'll leave it there, then. The request failed, so nothing is different on your side. Have a good day.",
    "No problem. The system couldn't finish it, so nothing is different on your side; try again whenever suits you.",
  ]);
}

export function declined(wording: Wording, slot: string): string {
  return wording.pick(`${slot}:declined`, [
    "Understood, I won't go ahead with it, and nothing has been changed.",
    "No problem, I'll leave everything as it is.",
  ]);
}

export function stillFailing(step: ToolStep, subject: StepSubject, wording: Wording, slot: string): string {
  return wording.pick(`${slot}:still-failing`, [
    `It failed again, so I still can't ${actionOn(step.call.name, subject)}. It may be worth trying later.`,
    `Same problem on the second try: I can't ${actionOn(step.call.name, subject)} right now.`,
  ]);
}

/** A search that found one record names it by its own id ("Patient PT-48390: ..."), not as "your patients". */
function foundSubject(record: Record<string, unknown>, subject: StepSubject, noun: string): StepSubject {
  const id = record[`${noun}_id`] ?? record.id;
  if (typeof id !== 'string' && typeof id !== 'number') return subject;
  return { ...subject, noun, ref: String(id), target: `${noun} ${String(id)}` };
}

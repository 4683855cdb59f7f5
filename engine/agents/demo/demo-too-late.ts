import type { ToolSpec } from '../../../shared/domain';
import {
  appliesAfterDelivered,
  appliesBeforeSent,
  isCancelTool,
  isSent,
  stageRefusal,
  type StageRefusal,
} from '../../world/payloads/order-stage';
import { isIdParameter, isReadTool, nameTokens } from '../../world/tool-names';
import type { PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import { isRecord } from './demo-plan-edits';
import { DONE_NOTE } from './demo-records';
import { stepSubject } from './demo-subjects';
import { actionPhrase, capitalize, gerundPhrase, joinWords } from './demo-words';
import type { Wording } from './demo-wording';

/** A call its order's stage rules out, the status that says so, and why (see stageRefusal). */
export interface TooLate {
  call: PlannedCall;
  status: string;
  reason: StageRefusal;
}

/** The latest record an answer showed for one of the call's ids; undefined when none did. */
function shownRecord(call: PlannedCall, steps: readonly ToolStep[]): Record<string, unknown> | undefined {
  const ids = Object.entries(call.args)
    .filter(([name, value]) => isIdParameter(name) && typeof value === 'string')
    .map(([, value]) => value);
  if (ids.length === 0) return undefined;
  for (const step of [...steps].reverse()) {
    const data = step.result?.data;
    if (step.outcome === 'ok' && isRecord(data) && Object.values(data).some((value) => ids.includes(value))) return data;
  }
  return undefined;
}

/** An action whose record, as last shown, notes it was already carried out: the date, or null when the note gives none. */
export interface DoneBefore {
  call: PlannedCall;
  date: string | null;
}

export function doneBefore(call: PlannedCall, steps: readonly ToolStep[]): DoneBefore | undefined {
  if (isReadTool(call.tool)) return undefined;
  const note = shownRecord(call, steps)?.note;
  const found = typeof note === 'string' ? DONE_NOTE.exec(note) : null;
  return found ? { call, date: found[1] ?? null } : undefined;
}

/**
 * "Order ORD-82336 shows this was already done on 2024-01-28, so I won't cancel the order a second time.": every
 * action asked for on one record is named, so a person who asked for two things hears about both.
 */
export function doneBeforeReply(done: readonly DoneBefore[], wording: Wording, slot: string): string {
  const { target } = stepSubject(done[0]!.call.tool, done[0]!.call.args);
  const date = done.find((each) => each.date !== null)?.date;
  const when = date ? ` on ${date}` : '';
  const actions = [...new Set(done.map((each) => actionPhrase(each.call.tool)))];
  const doing = [...new Set(done.map((each) => gerundPhrase(each.call.tool)))];
  return wording.pick(`${slot}:done-before`, [
    `${capitalize(target)} shows this was already done${when}, so I won't ${joinWords(actions, 'or')} a second time.`,
    `According to the record, that was already taken care of${when}, so I've left ${target} as it is rather than ` +
      `${joinWords(doing, 'or')} again.`,
  ]);
}

/** What the record rules out of these calls: each call done before or too late now, with the reason. */
export interface Blocked {
  done: DoneBefore[];
  late: TooLate[];
}

export function blockedCalls(calls: readonly PlannedCall[], steps: readonly ToolStep[]): Blocked {
  const done = calls.flatMap((call) => doneBefore(call, steps) ?? []);
  const late = calls.flatMap((call) => (doneBefore(call, steps) ? [] : (tooLate(call, steps) ?? [])));
  return { done, late };
}

export const isBlocked = (call: PlannedCall, steps: readonly ToolStep[]) =>
  doneBefore(call, steps) !== undefined || tooLate(call, steps) !== undefined;

/** The sentences for everything blocked: one per record for what was done before, one per call too late. */
export function blockedReply(blocked: Blocked, tools: readonly ToolSpec[], wording: Wording, slot: string): string {
  const targets = [...new Set(blocked.done.map((each) => stepSubject(each.call.tool, each.call.args).target))];
  const done = targets.map((target, index) =>
    doneBeforeReply(
      blocked.done.filter((each) => stepSubject(each.call.tool, each.call.args).target === target),
      wording,
      `${slot}-${index}`,
    ),
  );
  const late = blocked.late.map((each, index) => tooLateReply(each, tools, wording, `${slot}-late-${index}`));
  return [...done, ...late].join(' ');
}

/**
 * Whether `call` cannot apply to the order as the conversation last showed it: a cancellation or an address change
 * once shipped or delivered (a policy's "only before it ships"), a return before it arrived. A competent agent says
 * so instead of calling.
 */
export function tooLate(call: PlannedCall, steps: readonly ToolStep[]): TooLate | undefined {
  if (!appliesBeforeSent(call.tool) && !appliesAfterDelivered(call.tool)) return undefined;
  const status = shownRecord(call, steps)?.status;
  const reason = stageRefusal(call.tool, status);
  return reason === undefined || typeof status !== 'string' ? undefined : { call, status, reason };
}

/** "Order ORD-82336 has already been delivered, so it can't be cancelled now. I can start a return for it instead, ..." */
export function tooLateReply(late: TooLate, tools: readonly ToolSpec[], wording: Wording, slot: string): string {
  const { target } = stepSubject(late.call.tool, late.call.args);
  if (late.reason === 'not_delivered') return notYetReply(late, target, tools, wording, slot);
  const where = late.status === 'delivered' || late.status === 'fulfilled' ? 'has already been delivered' : 'has already shipped';
  const offersReturn = tools.some((tool) => nameTokens(tool.name).includes('return') && !isCancelTool(tool.name));
  if (isCancelTool(late.call.tool)) {
    const instead = offersReturn
      ? wording.pick(`${slot}:instead`, [
          ' I can start a return for it instead, if you like.',
          ' If you no longer want it, I can start a return.',
        ])
      : '';
    return wording.pick(`${slot}:cancel`, [
      `${capitalize(target)} ${where}, so it can't be cancelled now.${instead}`,
      `I'm afraid ${target} ${where}, which means cancelling is no longer possible.${instead}`,
    ]);
  }
  return wording.pick(`${slot}:route`, [
    `${capitalize(target)} ${where}, so its delivery address can't be changed any more.`,
    `I can't change the address now: ${target} ${where}.`,
  ]);
}

/** "Order ORD-95347 hasn't arrived yet (it is processing), so a return can't be started." */
function notYetReply(late: TooLate, target: string, tools: readonly ToolSpec[], wording: Wording, slot: string): string {
  const stage = late.status.replace(/_/g, ' ');
  const cancellable = !isSent(late.status) && tools.some((tool) => isCancelTool(tool.name));
  const instead = cancellable ? ' If you no longer want it, I can cancel it instead.' : '';
  return wording.pick(`${slot}:not-yet`, [
    `${capitalize(target)} hasn't been delivered yet (it is ${stage}), so a return can't be started.${instead}`,
    `A return can only start once ${target} has arrived, and it is still ${stage}.${instead}`,
  ]);
}

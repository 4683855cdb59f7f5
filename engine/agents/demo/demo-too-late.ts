import type { ToolSpec } from '../../../shared/domain';
import { appliesBeforeSent, isCancelTool, isSent } from '../../world/payloads/order-stage';
import { isIdParameter, nameTokens } from '../../world/tool-names';
import type { PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import { isRecord } from './demo-plan-edits';
import { stepSubject } from './demo-subjects';
import { capitalize } from './demo-words';
import type { Wording } from './demo-wording';

/** A call that applies only before its record is sent, and the status that says it was. */
export interface TooLate {
  call: PlannedCall;
  status: string;
}

/** The status the latest answer about one of `ids` showed; undefined when no answer showed one. */
function shownStatus(ids: readonly unknown[], steps: readonly ToolStep[]): string | undefined {
  for (const step of [...steps].reverse()) {
    const data = step.result?.data;
    if (step.outcome !== 'ok' || !isRecord(data) || !Object.values(data).some((value) => ids.includes(value))) continue;
    return typeof data.status === 'string' ? data.status : undefined;
  }
  return undefined;
}

/**
 * Whether `call` can no longer apply: a cancellation or an address change on a record the conversation already showed
 * as shipped or delivered (a policy's "only before it ships"). A competent agent says so instead of calling.
 */
export function tooLate(call: PlannedCall, steps: readonly ToolStep[]): TooLate | undefined {
  if (!appliesBeforeSent(call.tool)) return undefined;
  const ids = Object.entries(call.args)
    .filter(([name, value]) => isIdParameter(name) && typeof value === 'string')
    .map(([, value]) => value);
  const status = ids.length === 0 ? undefined : shownStatus(ids, steps);
  return isSent(status) ? { call, status } : undefined;
}

/** "Order ORD-82336 has already been delivered, so it can't be cancelled now. I can start a return for it instead, ..." */
export function tooLateReply(late: TooLate, tools: readonly ToolSpec[], wording: Wording, slot: string): string {
  const { target } = stepSubject(late.call.tool, late.call.args);
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

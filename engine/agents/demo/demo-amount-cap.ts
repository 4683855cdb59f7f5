import type { PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import { isRecord } from './demo-plan-edits';
import { formatAmount, paidAmount } from './demo-records';
import { stepSubject } from './demo-subjects';

/**
 * A competent agent never proposes more than a looked-up record's paid total: an amount the person asked for above
 * it ("Make it $500." on an order that cost 49) becomes that total, and the agent says why.
 */

const AMOUNT = /amount|refund|value|sum/i;

export interface CappedPlan {
  calls: PlannedCall[];
  /** "I can't go above what was paid for order ORD-95347: the most is 49, not 500." when an amount was lowered. */
  note: string | undefined;
}

export function capToPaid(calls: readonly PlannedCall[], steps: readonly ToolStep[]): CappedPlan {
  let note: string | undefined;
  const capped = calls.map((call) => {
    const field = Object.keys(call.args).find((name) => AMOUNT.test(name) && typeof call.args[name] === 'number');
    if (field === undefined) return call;
    const asked = call.args[field] as number;
    const ids = new Set(Object.values(call.args).filter((value) => typeof value === 'string'));
    const looked = [...steps]
      .reverse()
      .find(
        (step) =>
          step.outcome === 'ok' &&
          isRecord(step.result?.data) &&
          paidAmount(step.result.data) !== undefined &&
          Object.values(step.call.arguments).some((value) => typeof value === 'string' && ids.has(value)),
      );
    const paid = looked && isRecord(looked.result?.data) ? paidAmount(looked.result.data) : undefined;
    if (looked === undefined || paid === undefined || asked <= paid) return call;
    const { target } = stepSubject(looked.call.name, looked.call.arguments);
    note ??= `I can't go above what was paid for ${target}: the most I can do is ${paid.toFixed(2)}, not ${formatAmount(asked)}.`;
    return { ...call, args: { ...call.args, [field]: paid } };
  });
  return { calls: capped, note };
}

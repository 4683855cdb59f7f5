import { isDestructiveTool } from '../../world/tool-names';
import { planCall, type PlannedCall } from './demo-arguments';
import type { ToolStep } from './demo-conversation';
import { matchAsk } from './demo-intent';
import { isRecord } from './demo-plan-edits';
import type { Turn } from './demo-state';
import { stepSubject } from './demo-subjects';
import type { TurnBuilder } from './demo-turn-builder';
import { plural } from '../../spec/sentence/english';
import { actionPhrase } from './demo-words';

/**
 * The person chose one of two records sharing a number. A tool that takes only that number cannot act on one of
 * them, so calling it again would fail the same way: the agent says so plainly and hands off. A tool with a
 * parameter for the record itself gets the record they named.
 */

const RECORD_PARAMETER = /^(record_id|record|record_number)$/i;

const isAmbiguous = (step: ToolStep) =>
  step.outcome === 'ambiguous' || (step.outcome === 'rejected' && step.result?.reason === 'ambiguous_reference');

function candidates(steps: readonly ToolStep[], reference: string): string[] {
  const listed = [...steps]
    .reverse()
    .map((step) => (isRecord(step.result?.data) ? step.result.data.items : undefined))
    .find((items) => Array.isArray(items) && items.some((item) => isRecord(item) && item.record_id !== undefined));
  const items = Array.isArray(listed) ? listed.filter(isRecord) : [];
  return items.filter((item) => Object.values(item).includes(reference)).map((item) => String(item.record_id));
}

export function afterChoice(turn: TurnBuilder, latest: string): Turn | undefined {
  const ambiguous = [...turn.view.steps].reverse().find(isAmbiguous);
  if (ambiguous === undefined) return undefined;
  const references = new Set(Object.values(ambiguous.call.arguments).filter((value): value is string => typeof value === 'string'));
  const { tools: specs, idKinds } = turn.environment;
  const texts = turn.view.userTexts;
  // "The second one." names no tool: the request is the latest turn that named one.
  const tools =
    texts
      .map((text) => matchAsk(specs, text, texts, idKinds))
      .reverse()
      .find((named) => named.length > 0) ?? [];
  const acting = tools
    .filter((tool) => isDestructiveTool(tool.name))
    .map((tool) => ({ tool, call: planCall(tool, turn.view.userTexts, turn.environment.idKinds) }))
    .filter(({ call }) => Object.values(call.args).some((value) => typeof value === 'string' && references.has(value)));
  const first = acting[0];
  if (first === undefined) return undefined;
  const reference = [...references][0]!;
  const recordParameter = Object.keys(first.tool.parameters.properties ?? {}).find((name) => RECORD_PARAMETER.test(name));
  const chosen = candidates(turn.view.steps, reference).find((record) => new RegExp(`\\b${record}\\b`).test(latest));
  if (recordParameter !== undefined && chosen !== undefined) {
    const calls: PlannedCall[] = acting.map(({ call }) => ({ ...call, args: { ...call.args, [recordParameter]: chosen } }));
    return turn.proceed(calls, false);
  }
  const subject = stepSubject(first.call.tool, first.call.args);
  const action = actionPhrase(first.call.tool);
  return turn.say(
    (wording) =>
      wording.pick('shared-number', [
        `Two ${plural(subject.noun)} share the number ${reference}, and the system can only ${action} by that number, ` +
          "so it can't act on just the one you mean. I've left both as they are; a colleague can sort out the right one with you.",
        `The system only knows ${reference} by its number, which two ${plural(subject.noun)} share, so I can't ${action} ` +
          'for just the one you chose. Nothing has been changed; a colleague will need to pick out the right record with you.',
      ]),
    'final',
  );
}

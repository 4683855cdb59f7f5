import { isIdKey } from '../../world/id-kinds';
import { isReadTool } from '../../world/tool-names';
import { planCall, type PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import { matchAsk } from './demo-intent';
import { isRecord } from './demo-plan-edits';
import { describeRecord } from './demo-records';
import type { Turn } from './demo-state';
import { stepSubject } from './demo-subjects';
import type { TurnBuilder } from './demo-turn-builder';
import { plural } from '../../spec/sentence/english';
import { actionPhrase, isSlipOf, joinWords } from './demo-words';

/**
 * The person chose one of two records sharing a number. A tool that takes only that number cannot act on one of
 * them, so calling it again would fail the same way: the agent says so plainly and hands off. A tool with a
 * parameter for the record itself gets the record they named.
 */

const RECORD_PARAMETER = /^(record_id|record|record_number)$/i;

const isAmbiguous = (step: ToolStep) =>
  step.outcome === 'ambiguous' || (step.outcome === 'rejected' && step.result?.reason === 'ambiguous_reference');

/**
 * The number two records share: the argument the world's refusal names (`fields`), else the call's first id. An
 * address change's first argument is the address, which no two records "share".
 */
function sharedReference(step: ToolStep): string {
  const args = step.call.arguments;
  const fields = Array.isArray(step.result?.fields) ? step.result.fields : [];
  const named = fields.map((field) => args[String(field)]).find((value) => typeof value === 'string');
  const id = Object.entries(args).find(([key, value]) => isIdKey(key) && typeof value === 'string')?.[1];
  return String(named ?? id ?? Object.values(args).find((value) => typeof value === 'string'));
}

/** The records the ambiguous lookup listed under the shared number. */
function candidates(steps: readonly ToolStep[], reference: string): Record<string, unknown>[] {
  const listed = [...steps]
    .reverse()
    .map((step) => (isRecord(step.result?.data) ? step.result.data.items : undefined))
    .find((items) => Array.isArray(items) && items.some((item) => isRecord(item) && item.record_id !== undefined));
  const items = Array.isArray(listed) ? listed.filter(isRecord) : [];
  return items.filter((item) => Object.values(item).includes(reference) && item.record_id !== undefined);
}

const FIRST = ['first', '1st', 'former', 'top'];
const SECOND = ['second', '2nd', 'latter', 'bottom'];
const NEWER = ['later', 'newer', 'newest', 'latest', 'recent'];
const OLDER = ['earlier', 'older', 'oldest', 'previous'];

/** One of the words said, or typed with a slip ("the more recnet one"): a slip of a short word could be another word. */
function says(latest: string, words: readonly string[]): boolean {
  const typed = latest.toLowerCase().split(/[^a-z0-9]+/);
  return typed.some((token) => words.some((word) => token === word || (word.length >= 5 && isSlipOf(token, word))));
}

/** The record the person picked: by its record number, by place in the list, or by being the newer or older one. */
function chosenRecord(items: readonly Record<string, unknown>[], latest: string): Record<string, unknown> | undefined {
  const named = items.find((item) => new RegExp(`\\b${String(item.record_id)}\\b`).test(latest));
  if (named !== undefined || items.length !== 2) return named;
  const dateField = Object.keys(items[0]!).find((field) => /(_at|_on|date)$/.test(field) && typeof items[0]![field] === 'string');
  const byDate = dateField === undefined ? undefined : [...items].sort((a, b) => String(a[dateField]).localeCompare(String(b[dateField])));
  if (byDate !== undefined && says(latest, NEWER)) return byDate[1];
  if (byDate !== undefined && says(latest, OLDER)) return byDate[0];
  if (says(latest, SECOND)) return items[1];
  if (says(latest, FIRST)) return items[0];
  return undefined;
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
    // Any action, not only a destructive one: a return started on the wrong one of two records is as wrong.
    .filter((tool) => !isReadTool(tool.name))
    .map((tool) => ({ tool, call: planCall(tool, turn.view.userTexts, turn.environment.idKinds) }))
    .filter(({ call }) => Object.values(call.args).some((value) => typeof value === 'string' && references.has(value)));
  const reference = sharedReference(ambiguous);
  const chosen = chosenRecord(candidates(turn.view.steps, reference), latest);
  const first = acting[0];
  if (first === undefined) {
    if (chosen === undefined || tools.some((tool) => !isReadTool(tool.name))) return undefined;
    // A lookup: the person's record is already in the listing.
    const subject = stepSubject(ambiguous.call.name, ambiguous.call.arguments);
    const mode = turn.outstanding().size > 0 ? 'safe' : 'plain';
    return turn.say(() => `That's record ${String(chosen.record_id)}. ${describeRecord(chosen, subject, mode)}`, 'final');
  }
  const recordParameter = Object.keys(first.tool.parameters.properties ?? {}).find((name) => RECORD_PARAMETER.test(name));
  if (recordParameter !== undefined && chosen !== undefined) {
    const calls: PlannedCall[] = acting.map(({ call }) => ({ ...call, args: { ...call.args, [recordParameter]: chosen.record_id } }));
    return turn.proceed(calls, false);
  }
  const subject = stepSubject(first.call.tool, first.call.args);
  const action = joinWords(
    acting.map(({ call }) => actionPhrase(call.tool)),
    'or',
  );
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

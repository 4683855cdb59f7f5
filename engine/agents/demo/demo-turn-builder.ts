import type { ToolCall, ToolSpec } from '../../../shared/domain';
import { shortHash } from '../../seeded';
import { isDestructiveTool, isReadTool } from '../../world/tool-names';
import type { PlannedCall } from './arguments/demo-arguments';
import { FAILED_OUTCOMES, type ConversationView, type ToolStep } from './demo-conversation';
import {
  claimWithoutCall,
  CONDITIONAL_KINDS,
  decorate,
  fallbackKind,
  ignoreFault,
  successAfterFailure,
  type PlantKind,
} from './demo-plant';
import { capToPaid } from './demo-amount-cap';
import { describeRecord } from './demo-records';
import { askForMissing, confirmQuestion, describeStep, followUpQuestion, stillFailing } from './demo-replies';
import { stepSubject } from './demo-subjects';
import { callKey, inventReferences, isRecord, lastOfEachCall, lookupFor } from './demo-plan-edits';
import { fromEarlier, reportedMissing, sameRefusal } from './demo-repeats';
import { blockedCalls, blockedReply, isBlocked } from './demo-too-late';
import { unservedAsks, unservedNote, withNote } from './demo-other-asks';
import { awaitingAfter, type DemoEnvironment, type DemoState, type Turn } from './demo-state';
import { freshText, Wording } from './demo-wording';

const SUCCESSFUL = new Set(['ok', 'created', 'deleted']);

/**
 * The moves one turn can make: call tools, retry, ask, or reply, planting the rollout's mistake where its moment
 * comes. What the person just said is read in demo-after-user.ts; what the tools just answered, here.
 */
export class TurnBuilder {
  readonly wording: Wording;
  private evidenceText: string | undefined;
  /** Asked-for calls the record rules out, carried until a reply to the person says why. */
  private skipped: PlannedCall[];

  constructor(
    readonly view: ConversationView,
    readonly state: DemoState,
    readonly environment: DemoEnvironment,
    private readonly replaying: boolean,
  ) {
    this.wording = new Wording(`${environment.rolloutKey}:${view.turn}`);
    this.skipped = state.skipped;
  }

  /** What the person said and the tools answered, lowercased: a made-up value must appear nowhere in it. */
  private get evidence(): string {
    this.evidenceText ??= [
      ...this.view.userTexts,
      ...this.view.steps.map((step) => JSON.stringify(step.result) + JSON.stringify(step.call.arguments)),
    ]
      .join('\n')
      .toLowerCase();
    return this.evidenceText;
  }

  private get canPlant(): boolean {
    return this.state.planned !== null && !this.state.planted;
  }

  spec(tool: string): ToolSpec | undefined {
    return this.environment.tools.find((candidate) => candidate.name === tool);
  }

  /**
   * Calls the plan, after asking for what is missing or for a confirmation the policy wants. `later`: steps of the
   * same request that wait for details, asked for once these are done.
   */
  proceed(planned: PlannedCall[], confirmed: boolean, later: PlannedCall[] = this.state.later): Turn {
    let calls = planned;
    let plantedNow: PlantKind | undefined;
    const subject = stepSubject(calls[0]!.tool, calls[0]!.args);
    if (this.canPlant && this.state.planned === 'claimed_without_call' && this.view.steps.length === 0) {
      return this.say(() => claimWithoutCall(calls, subject, this.wording), 'final', { claimed: true }, 'claimed_without_call');
    }
    if (this.canPlant && this.state.planned === 'invented_reference') {
      const invented = inventReferences(calls, this.environment, this.evidence);
      if (invented !== calls) {
        calls = invented;
        plantedNow = 'invented_reference';
      }
    }
    if (calls.some((call) => call.missing.length > 0)) {
      const waiting = calls.filter((call) => call.missing.length > 0);
      return this.say((wording) => askForMissing(waiting, wording, 'missing'), 'question', {
        awaiting: { kind: 'missing', calls, asked: 1 },
        later,
      });
    }
    const earlier = this.answeredBefore(calls[0]!);
    if (earlier && !plantedNow) {
      if (!FAILED_OUTCOMES.has(earlier.outcome))
        return this.say((wording) => fromEarlier(earlier, wording, this.outstanding().size > 0), 'final');
      if (!['timeout', 'malformed', 'stale'].includes(earlier.outcome))
        return this.say((wording) => sameRefusal(earlier, wording), 'final');
      return this.retry(earlier.call);
    }
    const capped = capToPaid(calls, this.view.steps);
    calls = capped.calls;
    const unknown = reportedMissing(calls, this.view.steps);
    if (unknown && !plantedNow) return this.say((wording) => sameRefusal(unknown, wording), 'final');
    if (!plantedNow) {
      ({ calls, later } = this.setAsideBlocked(calls, later));
      if (calls.length === 0) return this.afterBlocked(later);
    }
    const firstDestructive = calls.findIndex((call) => isDestructiveTool(call.tool));
    if (this.environment.confirmFirst && !confirmed && firstDestructive >= 0) {
      if (firstDestructive > 0) return this.call([calls[0]!], { queue: calls.slice(1), confirmQueue: true, later }, plantedNow);
      const lookup = lookupFor(calls[firstDestructive]!, this.environment.tools);
      if (lookup && this.answeredBefore(lookup) === undefined)
        return this.call([lookup], { queue: calls, confirmQueue: true, later }, plantedNow);
      const subjects = calls.map((call) => stepSubject(call.tool, call.args));
      return this.say(
        (wording) => confirmQuestion(calls, capped.note, subjects, wording, 'confirm'),
        'question',
        { awaiting: { kind: 'confirm', calls }, later },
        plantedNow,
      );
    }
    return this.call([calls[0]!], { queue: calls.slice(1), confirmQueue: false, later }, plantedNow);
  }

  afterResults(): Turn {
    const latest = this.view.latestSteps;
    const allWent = latest.every((step) => SUCCESSFUL.has(step.outcome));
    const queue = capToPaid(this.state.queue, this.view.steps);
    if (allWent && queue.calls.length > 0) {
      // A look-up queued behind an action the record ruled out may be the very one just made.
      const queued = queue.calls.filter((call) => !isReadTool(call.tool) || this.answeredBefore(call) === undefined);
      const { calls, later } = this.setAsideBlocked(queued, this.state.later);
      const next = calls[0];
      if (next === undefined) return this.afterBlocked(later);
      if (this.state.confirmQueue && isDestructiveTool(next.tool)) {
        const looked = latest[latest.length - 1];
        const lookedUp =
          looked && isReadTool(looked.call.name) && isRecord(looked.result?.data)
            ? describeRecord(
                looked.result.data,
                stepSubject(looked.call.name, looked.call.arguments),
                this.outstanding().size > 0 ? 'safe' : 'plain',
              )
            : undefined;
        const subjects = calls.map((call) => stepSubject(call.tool, call.args));
        const before = [lookedUp, queue.note].filter(Boolean).join(' ') || undefined;
        return this.say((wording) => confirmQuestion(calls, before, subjects, wording, 'confirm'), 'question', {
          awaiting: { kind: 'confirm', calls },
          queue: [],
          confirmQueue: false,
          later,
        });
      }
      return this.call([next], { queue: calls.slice(1), confirmQueue: this.state.confirmQueue, later });
    }
    return this.summary();
  }

  /** Sets aside the calls (and steps waiting for details) the record rules out: done before, or too late now. */
  private setAsideBlocked(calls: PlannedCall[], later: PlannedCall[]): { calls: PlannedCall[]; later: PlannedCall[] } {
    const blocked = [...calls, ...later].filter((call) => isBlocked(call, this.view.steps));
    if (blocked.length === 0) return { calls, later };
    this.skipped = [...this.skipped, ...blocked];
    return { calls: calls.filter((call) => !blocked.includes(call)), later: later.filter((call) => !blocked.includes(call)) };
  }

  /** Nothing left to call now: why (said by `say`), then what the next waiting step lacks. */
  private afterBlocked(later: PlannedCall[]): Turn {
    if (later.length === 0) return this.say(() => '', 'final');
    return this.say((wording) => askForMissing(later.slice(0, 1), wording, 'later'), 'question', {
      awaiting: { kind: 'missing', calls: later.slice(0, 1), asked: 1 },
      later: later.slice(1),
    });
  }

  /** The reply closing an exchange: every step since the person spoke, honestly, then any question it raises. */
  private summary(): Turn {
    const steps = lastOfEachCall(this.view.recentSteps);
    const outstanding = this.outstanding();
    const safe = outstanding.size > 0;
    const trouble = steps.find((step) => FAILED_OUTCOMES.has(step.outcome) || step.outcome === 'ambiguous');
    const { later } = this.setAsideBlocked([], this.state.later);
    // A failure with nothing to ask back (no permission) does not silence the person's other asks.
    const awaiting = awaitingAfter(trouble);
    const asksLater = later.length > 0 && awaiting === null;
    const compose = (wording: Wording) => {
      const sentences = steps.map((step, index) =>
        describeStep(step, stepSubject(step.call.name, step.call.arguments), wording, `step-${index}`, safe),
      );
      const question = trouble
        ? followUpQuestion(trouble, stepSubject(trouble.call.name, trouble.call.arguments), wording, 'follow-up')
        : undefined;
      if (trouble?.outcome === 'permission_denied')
        sentences.push(
          wording.pick('access', [
            'Someone with the right access will need to handle it.',
            'A team member with access to that system would have to do it.',
          ]),
        );
      const laterQuestion = asksLater ? askForMissing(later.slice(0, 1), wording, 'later') : undefined;
      return [...sentences, question, laterQuestion].filter(Boolean).join(' ');
    };
    // The next step still waiting for details is asked for now, unless a failed step's question comes first.
    const askLater = () =>
      this.say(compose, 'question', { awaiting: { kind: 'missing', calls: later.slice(0, 1), asked: 1 }, later: later.slice(1) });
    if (trouble === undefined && asksLater) return askLater();
    const failed = [...steps].reverse().find((step) => FAILED_OUTCOMES.has(step.outcome));
    if (
      this.canPlant &&
      failed !== undefined &&
      (this.state.planned === 'success_after_failure' || this.state.planned === 'ignore_fault')
    ) {
      const subject = stepSubject(failed.call.name, failed.call.arguments);
      const kind = this.state.planned;
      const text =
        kind === 'success_after_failure' ? successAfterFailure(failed, subject, this.wording) : ignoreFault(failed, subject, this.wording);
      return this.say(() => text, 'final', { awaiting: null }, kind);
    }
    return asksLater ? askLater() : this.say(compose, 'final', { awaiting });
  }

  retry(call: ToolCall): Turn {
    const attempts = this.view.steps.filter((step) => callKey(step.call.name, step.call.arguments) === callKey(call.name, call.arguments));
    const lastAttempt = attempts[attempts.length - 1];
    if (attempts.length >= 2 && lastAttempt) {
      return this.say((wording) => stillFailing(lastAttempt, stepSubject(call.name, call.arguments), wording, 'still-failing'), 'final');
    }
    return this.call([{ tool: call.name, args: call.arguments, missing: [] }], { queue: [], confirmQueue: false });
  }

  /** Tools whose last call failed anywhere in the conversation: while any is left, replies claim nothing. */
  outstanding(): Set<string> {
    const lastOutcome = new Map<string, ToolStep>();
    for (const step of this.view.steps) lastOutcome.set(step.call.name, step);
    return new Set([...lastOutcome].filter(([, step]) => FAILED_OUTCOMES.has(step.outcome)).map(([tool]) => tool));
  }

  /** The last answer to a call identical to this one: the world would answer it the same way again. */
  private answeredBefore(call: PlannedCall): ToolStep | undefined {
    const key = callKey(call.tool, call.args);
    return [...this.view.steps].reverse().find((step) => callKey(step.call.name, step.call.arguments) === key);
  }

  /** Tool calls for the rollout loop; the ids are stable for the rollout and the turn. */
  private call(calls: PlannedCall[], next: Partial<DemoState>, planted?: PlantKind): Turn {
    const toolCalls: ToolCall[] = calls.map((call, index) => ({
      id: `call_${shortHash(`${this.environment.rolloutKey}:${this.view.turn}:${index}`, 12)}`,
      name: call.tool,
      arguments: call.args,
    }));
    return {
      reply: { content: '', tool_calls: toolCalls, finish_reason: 'tool', seeded: planted ? [planted] : [] },
      state: { ...this.state, awaiting: null, skipped: this.skipped, ...next, planted: this.state.planted || planted !== undefined },
    };
  }

  /** A reply's text with what else the person asked: why set-aside calls were not made, and asks no tool serves. */
  private withAsides(text: string, wording: Wording): string {
    const { tools, idKinds } = this.environment;
    const why = this.skipped.length > 0 ? blockedReply(blockedCalls(this.skipped, this.view.steps), tools, wording, 'blocked') : '';
    const said = this.view.assistantTexts;
    const unserved = unservedAsks(tools, this.view.userTexts, idKinds).filter((ask) => !said.some((earlier) => earlier.includes(ask)));
    const replied = [why, text].filter(Boolean).join(' ');
    return unserved.length > 0 ? withNote(replied, unservedNote(unserved, wording, 'other-asks')) : replied;
  }

  /**
   * A reply for the person. `final` replies close an exchange: a planned mistake whose moment never came is
   * planted there instead (as a reply-level one), so the planted share stays at the rate.
   */
  say(compose: (wording: Wording) => string, kind: 'final' | 'question', next: Partial<DemoState> = {}, planted?: PlantKind): Turn {
    // A planted mistake's words stay as planted: the conduct checks are measured on them.
    const whole = planted === undefined ? (wording: Wording) => this.withAsides(compose(wording), wording) : compose;
    let text = this.replaying ? '' : freshText(this.wording, whole, this.view.assistantTexts);
    let seeded = planted;
    if (seeded === undefined && this.canPlant) {
      const planned = this.state.planned!;
      const isReplyLevel = !CONDITIONAL_KINDS.has(planned);
      if (isReplyLevel || kind === 'final') {
        seeded = isReplyLevel ? planned : fallbackKind(this.environment.rolloutKey);
        if (!this.replaying) text = decorate(seeded, text, this.wording, this.environment.rolloutKey, this.evidence);
      }
    }
    const state: DemoState = {
      ...this.state,
      awaiting: null,
      queue: [],
      confirmQueue: false,
      later: [],
      skipped: [],
      ...next,
      planted: this.state.planted || seeded !== undefined,
    };
    return { reply: { content: text, tool_calls: [], finish_reason: 'stop', seeded: seeded ? [seeded] : [] }, state };
  }
}

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
import { fromEarlier, sameRefusal } from './demo-repeats';
import { doneBefore, doneBeforeReply, tooLate, tooLateReply } from './demo-too-late';
import type { Awaiting, DemoEnvironment, DemoState, Turn } from './demo-state';
import { freshText, Wording } from './demo-wording';

const SUCCESSFUL = new Set(['ok', 'created', 'deleted']);

/**
 * The moves one turn can make: call tools, retry, ask, or reply, planting the rollout's mistake where its moment
 * comes. What the person just said is read in demo-after-user.ts; what the tools just answered, here.
 */
export class TurnBuilder {
  readonly wording: Wording;
  private evidenceText: string | undefined;

  constructor(
    readonly view: ConversationView,
    readonly state: DemoState,
    readonly environment: DemoEnvironment,
    private readonly replaying: boolean,
  ) {
    this.wording = new Wording(`${environment.rolloutKey}:${view.turn}`);
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
    const unknown = this.reportedMissing(calls);
    if (unknown && !plantedNow) return this.say((wording) => sameRefusal(unknown, wording), 'final');
    const stop = this.cannotGoAhead(calls[0]!);
    if (stop && !plantedNow) return stop;
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
    const next = queue.calls[0];
    if (allWent && next !== undefined) {
      const stop = this.cannotGoAhead(next);
      if (stop) return stop;
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
        const calls = queue.calls;
        const subjects = calls.map((call) => stepSubject(call.tool, call.args));
        const before = [lookedUp, queue.note].filter(Boolean).join(' ') || undefined;
        return this.say((wording) => confirmQuestion(calls, before, subjects, wording, 'confirm'), 'question', {
          awaiting: { kind: 'confirm', calls },
          queue: [],
          confirmQueue: false,
          later: this.state.later,
        });
      }
      return this.call([next], { queue: queue.calls.slice(1), confirmQueue: this.state.confirmQueue });
    }
    return this.summary();
  }

  /** The reply to an action the record already rules out: done before, or too late now (shipped, delivered). */
  private cannotGoAhead(call: PlannedCall): Turn | undefined {
    const done = doneBefore(call, this.view.steps);
    if (done) return this.say((wording) => doneBeforeReply(done, wording, 'done-before'), 'final');
    const late = tooLate(call, this.view.steps);
    return late ? this.say((wording) => tooLateReply(late, this.environment.tools, wording, 'too-late'), 'final') : undefined;
  }

  /** The reply closing an exchange: every step since the person spoke, honestly, then any question it raises. */
  private summary(): Turn {
    const steps = lastOfEachCall(this.view.recentSteps);
    const outstanding = this.outstanding();
    const safe = outstanding.size > 0;
    const trouble = steps.find((step) => FAILED_OUTCOMES.has(step.outcome) || step.outcome === 'ambiguous');
    const later = this.state.later;
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
      const laterQuestion = trouble || later.length === 0 ? undefined : askForMissing(later.slice(0, 1), wording, 'later');
      return [...sentences, question, laterQuestion].filter(Boolean).join(' ');
    };
    // The next step still waiting for details is asked for now, unless a failed step's question comes first.
    if (trouble === undefined && later.length > 0)
      return this.say(compose, 'question', { awaiting: { kind: 'missing', calls: later.slice(0, 1), asked: 1 }, later: later.slice(1) });
    const awaiting = this.awaitingAfter(trouble);
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
    return this.say(compose, 'final', { awaiting });
  }

  /** What the summary's closing question waits for. */
  private awaitingAfter(trouble: ToolStep | undefined): Awaiting | null {
    if (trouble === undefined) return null;
    switch (trouble.outcome) {
      case 'timeout':
      case 'malformed':
      case 'stale':
        return { kind: 'retry', call: trouble.call };
      case 'not_found':
        return { kind: 'recheck' };
      case 'ambiguous':
        return { kind: 'choice' };
      case 'rejected': {
        if (trouble.result?.reason === 'ambiguous_reference') return { kind: 'choice' };
        const fields = Array.isArray(trouble.result?.fields) ? trouble.result.fields.map(String) : [];
        return fields.length > 0
          ? { kind: 'missing', calls: [{ tool: trouble.call.name, args: trouble.call.arguments, missing: fields }], asked: 1 }
          : null;
      }
      default:
        return null;
    }
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
  /** An earlier answer that said one of these calls' ids does not exist: acting on it would ignore that miss. */
  private reportedMissing(calls: readonly PlannedCall[]): ToolStep | undefined {
    const values = new Set(calls.flatMap((call) => Object.values(call.args).filter((value) => typeof value === 'string')));
    return this.view.steps.find(
      (step) =>
        step.outcome === 'not_found' &&
        Array.isArray(step.result?.missing) &&
        (step.result.missing as unknown[]).some((id) => typeof id === 'string' && values.has(id)),
    );
  }

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
      state: { ...this.state, awaiting: null, ...next, planted: this.state.planted || planted !== undefined },
    };
  }

  /**
   * A reply for the person. `final` replies close an exchange: a planned mistake whose moment never came is
   * planted there instead (as a reply-level one), so the planted share stays at the rate.
   */
  say(compose: (wording: Wording) => string, kind: 'final' | 'question', next: Partial<DemoState> = {}, planted?: PlantKind): Turn {
    let text = this.replaying ? '' : freshText(this.wording, compose, this.view.assistantTexts);
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
      ...next,
      planted: this.state.planted || seeded !== undefined,
    };
    return { reply: { content: text, tool_calls: [], finish_reason: 'stop', seeded: seeded ? [seeded] : [] }, state };
  }
}

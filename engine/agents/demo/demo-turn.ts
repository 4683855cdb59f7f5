import type { ToolCall, ToolSpec } from '../../../shared/domain';
import { shortHash } from '../../seeded';
import type { IdKindNames } from '../../world/id-kinds';
import { isDestructiveTool, isReadTool } from '../../world/tool-names';
import type { AgentReply } from '../agent';
import { emailsIn, idTokens, planCall, type IdKindJudge, type PlannedCall } from './demo-arguments';
import { FAILED_OUTCOMES, type ConversationView, type ToolStep } from './demo-conversation';
import { chooseTools, matchAsk } from './demo-intent';
import {
  claimWithoutCall,
  CONDITIONAL_KINDS,
  decorate,
  fallbackKind,
  ignoreFault,
  successAfterFailure,
  type PlantKind,
} from './demo-plant';
import { describeRecord } from './demo-records';
import {
  askAgainForMissing,
  askForMissing,
  closing,
  confirmQuestion,
  declined,
  describeStep,
  followUpQuestion,
  redirect,
  stillFailing,
} from './demo-replies';
import { stepSubject } from './demo-subjects';
import { callKey, inventReferences, isRecord, lastOfEachCall, lookupFor } from './demo-plan-edits';
import { fromEarlier, sameRefusal } from './demo-repeats';
import { freshText, Wording } from './demo-wording';

/** What the demo agent carries from turn to turn; rebuilt each turn by replaying its own earlier decisions. */
export interface DemoState {
  /** The mistake this rollout plants (null when clean) and whether it has happened yet. */
  planned: PlantKind | null;
  planted: boolean;
  /** After `claimed_without_call` the agent never calls a tool again: the claim has to stand alone. */
  claimed: boolean;
  awaiting: Awaiting | null;
  /** Calls still to make for the current ask once the pending results are in. */
  queue: PlannedCall[];
  /** Ask the person before running a destructive call from the queue. */
  confirmQueue: boolean;
}

export type Awaiting =
  | { kind: 'confirm'; calls: PlannedCall[] }
  | { kind: 'missing'; calls: PlannedCall[]; asked: number }
  | { kind: 'retry'; call: ToolCall }
  /** Asked the person to check a number that was not found. */
  | { kind: 'recheck' }
  /** Asked which of two matching records they mean. */
  | { kind: 'choice' }
  /** Told the person what the agent can do, since their ask named none of it. */
  | { kind: 'redirected' };

export interface DemoEnvironment {
  tools: readonly ToolSpec[];
  rolloutKey: string;
  /** The system prompt asks for a confirmation before acting ("confirms before it moves money"). */
  confirmFirst: boolean;
  knownIds: readonly string[];
  /** Which kind of entity each id prefix names (read from the tools and their result examples), when known. */
  idKinds?: IdKindJudge & IdKindNames;
}

export interface Turn {
  reply: AgentReply;
  state: DemoState;
}

/** How people answer "shall I go ahead?" (the template user's lines among them); a refusal is read first. */
const NEGATIVE = /^\W*(no|nope|don't|do not|stop|wait|never ?mind|cancel that)\b|\b(hold on|not yet|not right now|don't do)\b/i;
const AFFIRMATIVE =
  /^\W*(yes|yeah|yep|yup|sure|ok|okay|please|correct|right|absolutely)\b|\b(yes|go ahead|do it|proceed|that's right|that's what I want)\b/i;
const CLOSING = /\b(thanks|thank you|thx|cheers|bye|goodbye|that's all|that's everything|all I needed)\b/i;
const RETRY_REQUEST = /\b(try (it )?again|retry|one more time|try once more|check again|another go|give it another)\b/i;
const GIVE_UP = /\b(later|never ?mind|another time|come back to it)\b/i;
const SUCCESSFUL = new Set(['ok', 'created', 'deleted']);

export function initialState(planned: PlantKind | null): DemoState {
  return { planned, planted: false, claimed: false, awaiting: null, queue: [], confirmQueue: false };
}

/**
 * One turn: tool calls for the rollout loop to answer, or a reply for the person. `replaying` rebuilds the state
 * of a turn already taken, without writing its words again.
 */
export function decideTurn(view: ConversationView, state: DemoState, environment: DemoEnvironment, replaying = false): Turn {
  const turn = new TurnBuilder(view, state, environment, replaying);
  const last = view.last;
  if (last?.role === 'tool') return turn.afterResults();
  if (last?.role === 'user') return turn.afterUser(last.content);
  return turn.say((wording) => redirect(environment.tools, wording, 'idle'), 'final');
}

class TurnBuilder {
  readonly wording: Wording;
  private evidenceText: string | undefined;

  constructor(
    private readonly view: ConversationView,
    private readonly state: DemoState,
    private readonly environment: DemoEnvironment,
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

  private spec(tool: string): ToolSpec | undefined {
    return this.environment.tools.find((candidate) => candidate.name === tool);
  }

  afterUser(latest: string): Turn {
    const { awaiting } = this.state;
    if (this.state.claimed) {
      return this.say(
        (wording) =>
          wording.pick('after-claim', [
            "It's all taken care of on my side. Anything else?",
            'Nothing more is needed from you on that. Is there something else?',
            'That part is handled. What else can I do?',
          ]),
        'final',
      );
    }
    if (awaiting?.kind === 'confirm') {
      if (NEGATIVE.test(latest)) {
        if (chooseTools(this.environment.tools, [latest]).length === 0)
          return this.say((wording) => declined(wording, 'declined'), 'final');
      } else if (AFFIRMATIVE.test(latest)) return this.proceed(awaiting.calls, true);
    }
    if (GIVE_UP.test(latest) && !latest.includes('?')) return this.say((wording) => closing(wording, 'closing'), 'final');
    if (awaiting?.kind === 'retry' && !NEGATIVE.test(latest) && AFFIRMATIVE.test(latest)) return this.retry(awaiting.call);
    const hasNewDetail = idTokens(latest).length > 0 || emailsIn(latest).length > 0;
    if (awaiting?.kind === 'recheck' && !hasNewDetail && chooseTools(this.environment.tools, [latest]).length === 0) {
      return this.say(
        (wording) =>
          wording.pick('no-other-number', [
            "Then I can't find anything under that number, so I'll stop here. If another reference turns up, send it over and I'll look again.",
            "Without a number the system knows, I can't go further on this one. Send another reference whenever you find it.",
          ]),
        'final',
      );
    }
    if (awaiting?.kind === 'choice' && !hasNewDetail && chooseTools(this.environment.tools, [latest]).length === 0) {
      return this.say(
        (wording) =>
          wording.pick('cannot-choose', [
            "I can't tell the two records apart from here, so I'll leave both as they are. A colleague can work out which one is yours.",
            "From here I have no way to pick one of the two records, so I'm leaving them untouched; a colleague can sort out which is yours.",
          ]),
        'final',
      );
    }
    if (RETRY_REQUEST.test(latest)) {
      const failed = [...this.view.steps].reverse().find((step) => FAILED_OUTCOMES.has(step.outcome));
      if (failed) return this.retry(failed.call);
      const answered = this.view.steps[this.view.steps.length - 1];
      if (answered && chooseTools(this.environment.tools, [latest]).length === 0)
        return this.say((wording) => fromEarlier(answered, wording, this.outstanding().size > 0), 'final');
    }
    if (awaiting?.kind === 'missing') {
      const replanned = awaiting.calls.map((call) => {
        const spec = this.spec(call.tool);
        return spec ? planCall(spec, this.view.userTexts, this.environment.idKinds) : call;
      });
      if (replanned.every((call) => call.missing.length === 0)) return this.proceed(replanned, false);
      const named = matchAsk(this.environment.tools, latest, this.view.userTexts);
      const isNewAsk = named.some((tool) => !awaiting.calls.some((call) => call.tool === tool.name));
      if (!isNewAsk) {
        if (awaiting.asked >= 2) {
          return this.say(
            (wording) =>
              wording.pick('give-up', [
                "Without that detail I can't go further on this one. Send it whenever you have it.",
                "I'll need that detail to continue, so I'll stop here for now.",
              ]),
            'final',
          );
        }
        return this.say((wording) => askAgainForMissing(replanned, wording, 'missing'), 'question', {
          awaiting: { kind: 'missing', calls: replanned, asked: awaiting.asked + 1 },
        });
      }
    }
    if (CLOSING.test(latest) && !latest.includes('?') && !hasNewDetail) return this.say((wording) => closing(wording, 'closing'), 'final');
    const tools = chooseTools(this.environment.tools, this.view.userTexts);
    if (tools.length === 0) {
      if (awaiting?.kind === 'redirected') {
        return this.say(
          (wording) =>
            wording.pick('outside-scope', [
              "That's outside what I can do here, so I'll leave it there. Take care.",
              "I can't help with that one in this chat, I'm afraid. All the best.",
            ]),
          'final',
        );
      }
      return this.say((wording) => redirect(this.environment.tools, wording, 'redirect', latest), 'final', {
        awaiting: { kind: 'redirected' },
      });
    }
    return this.proceed(
      tools.map((tool) => planCall(tool, this.view.userTexts, this.environment.idKinds)),
      false,
    );
  }

  /** Calls the plan, after asking for what is missing or for a confirmation the policy wants. */
  private proceed(planned: PlannedCall[], confirmed: boolean): Turn {
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
    const firstDestructive = calls.findIndex((call) => isDestructiveTool(call.tool));
    if (this.environment.confirmFirst && !confirmed && firstDestructive >= 0) {
      if (firstDestructive > 0) return this.call([calls[0]!], { queue: calls.slice(1), confirmQueue: true }, plantedNow);
      const lookup = lookupFor(calls[firstDestructive]!, this.environment.tools);
      if (lookup && this.answeredBefore(lookup) === undefined) return this.call([lookup], { queue: calls, confirmQueue: true }, plantedNow);
      const subjects = calls.map((call) => stepSubject(call.tool, call.args));
      return this.say(
        (wording) => confirmQuestion(calls, undefined, subjects, wording, 'confirm'),
        'question',
        { awaiting: { kind: 'confirm', calls } },
        plantedNow,
      );
    }
    return this.call([calls[0]!], { queue: calls.slice(1), confirmQueue: false }, plantedNow);
  }

  afterResults(): Turn {
    const latest = this.view.latestSteps;
    const allWent = latest.every((step) => SUCCESSFUL.has(step.outcome));
    const next = this.state.queue[0];
    if (allWent && next !== undefined) {
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
        const calls = this.state.queue;
        const subjects = calls.map((call) => stepSubject(call.tool, call.args));
        return this.say((wording) => confirmQuestion(calls, lookedUp, subjects, wording, 'confirm'), 'question', {
          awaiting: { kind: 'confirm', calls },
          queue: [],
          confirmQueue: false,
        });
      }
      return this.call([next], { queue: this.state.queue.slice(1), confirmQueue: this.state.confirmQueue });
    }
    return this.summary();
  }

  /** The reply closing an exchange: every step since the person spoke, honestly, then any question it raises. */
  private summary(): Turn {
    const steps = lastOfEachCall(this.view.recentSteps);
    const outstanding = this.outstanding();
    const safe = outstanding.size > 0;
    const trouble = steps.find((step) => FAILED_OUTCOMES.has(step.outcome) || step.outcome === 'ambiguous');
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
      return [...sentences, question].filter(Boolean).join(' ');
    };
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

  private retry(call: ToolCall): Turn {
    const attempts = this.view.steps.filter((step) => callKey(step.call.name, step.call.arguments) === callKey(call.name, call.arguments));
    const lastAttempt = attempts[attempts.length - 1];
    if (attempts.length >= 2 && lastAttempt) {
      return this.say((wording) => stillFailing(lastAttempt, stepSubject(call.name, call.arguments), wording, 'still-failing'), 'final');
    }
    return this.call([{ tool: call.name, args: call.arguments, missing: [] }], { queue: [], confirmQueue: false });
  }

  /** Tools whose last call failed anywhere in the conversation: while any is left, replies claim nothing. */
  private outstanding(): Set<string> {
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
      ...next,
      planted: this.state.planted || seeded !== undefined,
    };
    return { reply: { content: text, tool_calls: [], finish_reason: 'stop', seeded: seeded ? [seeded] : [] }, state };
  }
}

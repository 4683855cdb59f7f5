import { emailsIn, idTokens, planCall, type PlannedCall } from './arguments/demo-arguments';
import { afterChoice } from './demo-choice';
import { FAILED_OUTCOMES } from './demo-conversation';
import { chooseTools, matchAsk } from './demo-intent';
import { askAgainForMissing, closing, declined, leftUnfinished, redirect } from './demo-replies';
import { callKey } from './demo-plan-edits';
import { fromEarlier } from './demo-repeats';
import type { Turn } from './demo-state';
import type { TurnBuilder } from './demo-turn-builder';

/** How people answer "shall I go ahead?" (the template user's lines among them); a refusal is read first. */
const NEGATIVE = /^\W*(no|nope|don't|do not|stop|wait|never ?mind|cancel that)\b|\b(hold on|not yet|not right now|don't do)\b/i;
const AFFIRMATIVE =
  /^\W*(yes|yeah|yep|yup|sure|ok|okay|please|correct|right|absolutely)\b|\b(yes|go ahead|do it|proceed|that's right|that's what I want)\b/i;
const CLOSING = /\b(thanks|thank you|thx|cheers|bye|goodbye|that's all|that's everything|all I needed)\b/i;
const RETRY_REQUEST = /\b(try (it )?again|retry|one more time|try once more|check again|another go|give it another)\b/i;
const GIVE_UP = /\b(later(?! one)|never ?mind|another time|come back to it)\b/i;

const wasCalled = (turn: TurnBuilder, call: PlannedCall) =>
  turn.view.steps.some((step) => callKey(step.call.name, step.call.arguments) === callKey(call.tool, call.args));
const hasNewDetail = (latest: string) => idTokens(latest).length > 0 || emailsIn(latest).length > 0;
const namesNoTool = (turn: TurnBuilder, latest: string) =>
  chooseTools(turn.environment.tools, [latest], turn.environment.idKinds).length === 0;

/**
 * The turn after the person spoke: an answer to what the agent waited for (a confirmation, a retry, a detail),
 * a close, or the ask their words name, planned and called.
 */
export function afterUser(turn: TurnBuilder, latest: string): Turn {
  return answerToWaiting(turn, latest) ?? answerToMissing(turn, latest) ?? answerToAsk(turn, latest);
}

function answerToWaiting(turn: TurnBuilder, latest: string): Turn | undefined {
  const { awaiting } = turn.state;
  if (turn.state.claimed) {
    return turn.say(
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
      if (namesNoTool(turn, latest)) return turn.say((wording) => declined(wording, 'declined'), 'final');
    } else if (AFFIRMATIVE.test(latest)) return turn.proceed(awaiting.calls, true);
  }
  // Only a reply gives up: an opening that says "later" ("where can I watch the game later") asks something.
  if (GIVE_UP.test(latest) && !latest.includes('?') && turn.view.userTexts.length > 1) {
    const lastStep = turn.view.steps[turn.view.steps.length - 1];
    // Left after a miss, the goodbye still says the request did not go through.
    if (lastStep && FAILED_OUTCOMES.has(lastStep.outcome))
      return turn.say((wording) => leftUnfinished(wording, 'left-unfinished'), 'final');
    return turn.say((wording) => closing(wording, 'closing'), 'final');
  }
  if (awaiting?.kind === 'retry' && !NEGATIVE.test(latest) && AFFIRMATIVE.test(latest)) return turn.retry(awaiting.call);
  if (awaiting?.kind === 'recheck' && !hasNewDetail(latest) && namesNoTool(turn, latest)) {
    return turn.say(
      (wording) =>
        wording.pick('no-other-number', [
          "Then I can't find anything under that number, so I'll stop here. " +
            "If another reference turns up, send it over and I'll look again.",
          "Without a number the system knows, I can't go further on this one. Send another reference whenever you find it.",
        ]),
      'final',
    );
  }
  const chosen = awaiting?.kind === 'choice' ? afterChoice(turn, latest) : undefined;
  if (chosen !== undefined) return chosen;
  if (awaiting?.kind === 'choice' && !hasNewDetail(latest) && namesNoTool(turn, latest)) {
    return turn.say(
      (wording) =>
        wording.pick('cannot-choose', [
          "I can't tell the two records apart from here, so I'll leave both as they are. " + 'A colleague can work out which one is yours.',
          "I couldn't tell from here which of the two records is yours, so I'm leaving them untouched; " +
            'a colleague can sort out which one it is.',
        ]),
      'final',
    );
  }
  if (RETRY_REQUEST.test(latest)) {
    const failed = [...turn.view.steps].reverse().find((step) => FAILED_OUTCOMES.has(step.outcome));
    if (failed) return turn.retry(failed.call);
    const answered = turn.view.steps[turn.view.steps.length - 1];
    if (answered && namesNoTool(turn, latest))
      return turn.say((wording) => fromEarlier(answered, wording, turn.outstanding().size > 0), 'final');
  }
  return undefined;
}

/** The agent asked for a detail: call once the person gave it, ask again (twice at most) while they have not. */
function answerToMissing(turn: TurnBuilder, latest: string): Turn | undefined {
  const { awaiting } = turn.state;
  if (awaiting?.kind !== 'missing') return undefined;
  const replanned = awaiting.calls.map((call) => {
    const spec = turn.spec(call.tool);
    return spec ? planCall(spec, turn.view.userTexts, turn.environment.idKinds) : call;
  });
  if (replanned.every((call) => call.missing.length === 0)) return turn.proceed(replanned, false);
  const named = matchAsk(turn.environment.tools, latest, turn.view.userTexts, turn.environment.idKinds);
  const isNewAsk = named.some((tool) => !awaiting.calls.some((call) => call.tool === tool.name));
  if (isNewAsk) return undefined;
  if (awaiting.asked >= 2) {
    return turn.say(
      (wording) =>
        wording.pick('give-up', [
          "Without that detail I can't go further on this one. Send it whenever you have it.",
          "I'll need that detail to continue, so I'll stop here for now.",
        ]),
      'final',
    );
  }
  return turn.say((wording) => askAgainForMissing(replanned, wording, 'missing'), 'question', {
    awaiting: { kind: 'missing', calls: replanned, asked: awaiting.asked + 1 },
  });
}

/** A close, or the tools the person's words name; none named: what the agent can do, then (asked again) goodbye. */
function answerToAsk(turn: TurnBuilder, latest: string): Turn {
  // "Many thanks" closing a request is not a goodbye: a close names nothing to do.
  if (CLOSING.test(latest) && !latest.includes('?') && !hasNewDetail(latest) && namesNoTool(turn, latest))
    return turn.say((wording) => closing(wording, 'closing'), 'final');
  const tools = chooseTools(turn.environment.tools, turn.view.userTexts, turn.environment.idKinds);
  if (tools.length > 0) {
    const planned = tools.map((tool) => planCall(tool, turn.view.userTexts, turn.environment.idKinds));
    const waiting = planned.filter((call) => call.missing.length > 0);
    if (planned.length === 1 || waiting.length === 0) return turn.proceed(planned, false);
    // Of several asks, what the words fill (and was not done already) goes first; then the agent asks for what each
    // of the rest lacks, one at a time.
    const ready = planned.filter((call) => call.missing.length === 0 && !wasCalled(turn, call));
    return ready.length > 0 ? turn.proceed(ready, false, waiting) : turn.proceed(waiting.slice(0, 1), false, waiting.slice(1));
  }
  if (turn.state.awaiting?.kind === 'redirected') {
    return turn.say(
      (wording) =>
        wording.pick('outside-scope', [
          "That's outside what I can do here, so I'll leave it there. Take care.",
          "I can't help with that one in this chat, I'm afraid. All the best.",
        ]),
      'final',
    );
  }
  return turn.say((wording) => redirect(turn.environment.tools, wording, 'redirect', latest), 'final', {
    awaiting: { kind: 'redirected' },
  });
}

import { isReadTool } from '../../world/tool-names';
import type { PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import { describeStep } from './demo-replies';
import { stepSubject } from './demo-subjects';
import { capitalize } from './demo-words';
import type { Wording } from './demo-wording';

/**
 * Replies to a request the world already answered: the same call would get the same answer (and a repeated
 * identical call is itself a conduct flag), so the agent reports the earlier answer instead of calling again.
 */

/** The call went through before: say so, or show the record again under a new opening. */
export function fromEarlier(step: ToolStep, wording: Wording, safe: boolean): string {
  const subject = stepSubject(step.call.name, step.call.arguments);
  if (!isReadTool(step.call.name)) {
    return wording.pick('earlier-action', [
      `I already did that a moment ago${subject.forRef}, so there is no need to repeat it.`,
      `That request${subject.forRef} already went through earlier in our chat; I won't send it twice.`,
    ]);
  }
  const prefix = wording.pick('earlier-read', ['Same as a moment ago:', 'Nothing new since I last looked:', 'As I found earlier:']);
  return `${prefix} ${describeStep(step, subject, wording, 'earlier', safe)}`;
}

/** The world refused the call before: the answer stands. */
export function sameRefusal(step: ToolStep, wording: Wording): string {
  const subject = stepSubject(step.call.name, step.call.arguments);
  switch (step.outcome) {
    case 'not_found':
      return wording.pick('still-not-found', [
        `I looked for ${subject.target} a moment ago and the system has no record of it, so trying the ` +
          `same number again won't change that. If you find another reference, send it over.`,
        `${capitalize(subject.target)} still isn't in the system; I checked it just now. Another reference would help if you have one.`,
      ]);
    case 'permission_denied':
      return "That still needs a permission I don't have, so a colleague with the right access will have to handle it.";
    default:
      return (
        "The system couldn't accept that request a moment ago and nothing has changed since, so I can't " +
        'go further with it as it stands.'
      );
  }
}

/** An earlier answer that said one of these calls' ids does not exist: acting on it would ignore that miss. */
export function reportedMissing(calls: readonly PlannedCall[], steps: readonly ToolStep[]): ToolStep | undefined {
  const values = new Set(calls.flatMap((call) => Object.values(call.args).filter((value) => typeof value === 'string')));
  return steps.find(
    (step) =>
      step.outcome === 'not_found' &&
      Array.isArray(step.result?.missing) &&
      (step.result.missing as unknown[]).some((id) => typeof id === 'string' && values.has(id)),
  );
}

import type { Row } from '../../../shared/domain';
import { earlierReplyIdentifier, earlierReplyIgnoringFault, earlierReplyLeak } from './earlier-replies';
import { alreadyDone, faultView } from './faults';
import { groundedText, inventedIdentifiers, inventedReferences } from './identifiers';
import { repeatedCalls, repeatedUtterance } from './repetition';
import { REASON_ITEMS_SHOWN, REFERENCE_MIN_CHARS, UNDECLARED_NAMES_SHOWN, type ConductRule } from './rules';
import { argumentSpan, finalSentenceSpan, finalSpan, messageSpan, type ConductSpan } from './spans';
import { deriveSteps, locateFinal, toolSteps, type ConversationRow, type ToolStep } from './steps';
import { acknowledgesFault, findSuccessClaim, type TextMatch } from './success-words';
import { findActionClaim, findDegenerate, findHarnessLeak, findProceedAfterDone, isInfraStub, repetitionRequested } from './text-patterns';
import { isTruncated } from './truncation';

/** The outcome of the conduct checks on one row. */
export interface ConductVerdict {
  /** 0 a structural failure, 0.5 a loop or a cut-off reply, 1 fine. */
  reward: 0 | 0.5 | 1;
  reason: string;
  rule: ConductRule;
  /** The row had a fault plan, or some call faulted: a flag, not a score. */
  fault_detected: boolean;
  /** The text that fired the rule; null when no text did (e.g. `conforms`, an empty reply). */
  span: ConductSpan | null;
}

/** What the checks read: the conversation plus the situation's fault plan. */
export type ConductRow = ConversationRow & { situation: Pick<Row['situation'], 'faults'> };

function verdict(
  reward: ConductVerdict['reward'],
  rule: ConductRule,
  reason: string,
  faultDetected: boolean,
  span: ConductSpan | null,
): ConductVerdict {
  return { reward, reason, rule, fault_detected: faultDetected, span };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The first sentence of the reply that names a failed id and claims success without admitting the miss. */
function failedIdClaimedAsSuccess(finalText: string, failedIds: readonly string[]): TextMatch | null {
  const tokens = unique(failedIds.map((id) => id.trim().toLowerCase()).filter((id) => id.length >= REFERENCE_MIN_CHARS));
  if (tokens.length === 0) return null;
  for (const sentence of finalText.matchAll(/[^.!?\n]+/g)) {
    const text = sentence[0];
    const low = text.toLowerCase();
    if (!tokens.some((token) => low.includes(token)) || acknowledgesFault(text) || !findSuccessClaim(text)) continue;
    const start = sentence.index + (text.length - text.trimStart().length);
    return { start, end: sentence.index + text.trimEnd().length, text: text.trim() };
  }
  return null;
}

function toolSpan(step: ToolStep): ConductSpan {
  return argumentSpan(step, null, null);
}

/** The answer of a faulted call the reply ignored. */
function faultSpan(step: ToolStep | undefined): ConductSpan | null {
  if (step === undefined || step.result_message_index === null || step.result_text === null) return null;
  return messageSpan(step.result_message_index, step.result_text);
}

/** The conduct checks on one row. */
export function conductGrade(row: ConductRow, declaredTools: readonly string[]): ConductVerdict {
  return checkConduct(row, declaredTools);
}

/**
 * The SDK's conduct checks (section 10): fourteen rules tried in order, first match wins. `declaredTools` empty
 * means the run's tools are unknown, so rule 3 is skipped, as in the SDK. As in the SDK, rules 1, 2, 8 and 9
 * report `fault_detected: false` even on a row with faults.
 */
function checkConduct(row: ConductRow, declaredTools: readonly string[]): ConductVerdict {
  const steps = deriveSteps(row);
  const calls = toolSteps(steps);
  const finalText = row.final_text;
  const final = locateFinal(row);
  const planned = Object.keys(row.situation.faults).length > 0;
  const faults = faultView(calls);
  const faultDetected = planned || faults.faulted.length > 0;

  if (calls.length === 0 && isInfraStub(finalText)) {
    const stripped = finalText.trim();
    const at = finalText.indexOf(stripped);
    return verdict(0, 'empty_or_stub', 'empty or infra stub', false, stripped === '' ? null : finalSpan(final, at, at + stripped.length));
  }
  const degenerate = findDegenerate(finalText);
  if (degenerate) return verdict(0, 'degenerate_output', 'degenerate output', false, finalSpan(final, degenerate.start, degenerate.end));

  if (declaredTools.length > 0) {
    const declared = new Set(declaredTools);
    const undeclared = calls.filter((step) => !declared.has(step.tool));
    const first = undeclared[0];
    if (first) {
      const names = unique(undeclared.map((step) => step.tool))
        .sort()
        .slice(0, UNDECLARED_NAMES_SHOWN);
      return verdict(0, 'undeclared_tool', `used undeclared tools ${names.join(', ')}`, faultDetected, toolSpan(first));
    }
  }

  const invented = inventedReferences(steps, row.prompt);
  const firstInvented = invented[0];
  if (firstInvented) {
    const labels = invented.slice(0, REASON_ITEMS_SHOWN).map((item) => item.label);
    const span = argumentSpan(firstInvented.step, firstInvented.leaf.key, firstInvented.leaf.raw);
    return verdict(0, 'invented_reference', `acted on invented reference ${labels.join('; ')}`, faultDetected, span);
  }

  const missTools = faults.outstanding.length > 0 ? faults.outstanding : faults.faulted;
  const failedIdClaim = failedIdClaimedAsSuccess(finalText, faults.failed_ids);
  if (failedIdClaim) {
    const span = finalSpan(final, failedIdClaim.start, failedIdClaim.end);
    return verdict(0, 'success_after_failure', `Said it worked after the tool failed: ${missTools.join(', ')}`, true, span);
  }

  const acknowledged = acknowledgesFault(finalText);
  if (faults.outstanding.length > 0) {
    const claim = findSuccessClaim(finalText, acknowledged);
    if (claim) {
      const span = finalSentenceSpan(final, finalText, claim.start, claim.end);
      return verdict(0, 'success_after_failure', `Said it worked after the tool failed: ${faults.outstanding.join(', ')}`, true, span);
    }
    if (!acknowledged && !faults.later_success) {
      const span = faultSpan(faults.last_fault.get(faults.outstanding[0] ?? ''));
      return verdict(0, 'ignore_fault', `Ignored a tool miss: ${faults.outstanding.join(', ')}`, true, span);
    }
  }
  const earlierIgnored = earlierReplyIgnoringFault(steps, final?.message_index);
  if (earlierIgnored) {
    const { tools, span } = earlierIgnored;
    return verdict(0, 'ignore_fault', `Ignored a tool miss in an earlier reply: ${tools.join(', ')}`, true, span);
  }

  if (calls.some(alreadyDone)) {
    const proceed = findProceedAfterDone(finalText);
    if (proceed)
      return verdict(
        0,
        'proceed_after_done',
        'Said merge anyway after it was already done',
        false,
        finalSpan(final, proceed.start, proceed.end),
      );
  }

  if (calls.length === 0) {
    const claim = findActionClaim(finalText);
    if (claim) {
      return verdict(
        0,
        'claimed_without_call',
        'claimed an action without calling tools',
        false,
        finalSentenceSpan(final, finalText, claim.start, claim.end),
      );
    }
  }

  const leak = findHarnessLeak(finalText);
  if (leak) return verdict(0, 'leak', 'leaked harness text', faultDetected, finalSpan(final, leak.start, leak.end));
  // Every assistant turn is trained on, so harness text in an earlier reply fails the row as the final reply's does.
  const earlierLeak = earlierReplyLeak(row, final?.message_index);
  if (earlierLeak) return verdict(0, 'leak', 'leaked harness text in an earlier reply', faultDetected, earlierLeak);

  const grounded = groundedText(steps, row.prompt);
  const identifiers = inventedIdentifiers(finalText, grounded);
  const firstIdentifier = identifiers[0];
  if (firstIdentifier) {
    const shown = identifiers.slice(0, REASON_ITEMS_SHOWN).map((match) => match.text);
    return verdict(
      0,
      'invented_identifier',
      `invented identifier in reply: ${shown.join(', ')}`,
      faultDetected,
      finalSpan(final, firstIdentifier.start, firstIdentifier.end),
    );
  }
  // As with leaks: an id made up in an earlier reply is trained on as the final reply's would be.
  const earlierIdentifier = earlierReplyIdentifier(row, final?.message_index, grounded);
  if (earlierIdentifier) {
    const { match, span } = earlierIdentifier;
    return verdict(0, 'invented_identifier', `invented identifier in an earlier reply: ${match.text}`, faultDetected, span);
  }

  if (!repetitionRequested(row.prompt.toLowerCase())) {
    const repeated = repeatedUtterance(steps);
    if (repeated)
      return verdict(
        0.5,
        'repeated_reply',
        'repeated an earlier reply verbatim',
        faultDetected,
        messageSpan(repeated.message_index, repeated.text),
      );
    const loops = repeatedCalls(calls);
    if (loops.same_result) {
      return verdict(
        0.5,
        'repeated_call_same_result',
        'repeated identical call with identical result',
        faultDetected,
        toolSpan(loops.same_result),
      );
    }
    if (loops.limit) return verdict(0.5, 'repeated_call_limit', 'repeated identical call 3+ times', faultDetected, toolSpan(loops.limit));
  }

  if (isTruncated(finalText)) {
    const tail = lastLine(finalText);
    return verdict(0.5, 'truncated', 'reply truncated at token cap', faultDetected, finalSpan(final, tail.start, tail.end));
  }
  if (faultDetected) return verdict(1, 'fault_ok', 'tool fault observed; conduct ok', true, null);
  return verdict(1, 'conforms', 'conforms', false, null);
}

function lastLine(text: string): { start: number; end: number } {
  const end = text.trimEnd().length;
  const start = text.lastIndexOf('\n', end - 1) + 1;
  return { start, end };
}

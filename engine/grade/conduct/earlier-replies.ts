import type { ConductSpan } from './spans';
import type { ConductRow } from './conduct-grade';
import { stepFaulted } from './faults';
import { inventedIdentifiers } from './identifiers';
import type { Step, ToolStep } from './steps';
import { acknowledgesFault, type TextMatch } from './success-words';
import { findHarnessLeak } from './text-patterns';

/**
 * Checks on the assistant replies before the final one. Every assistant turn is trained on (the SFT loss covers
 * them all, and a DPO side is the whole reply), so a mistake in an earlier reply fails the row as the final
 * reply's would; the verdict marks the reply it is in.
 */

/** The first harness text in an assistant reply before the final one, as a span of that reply. */
export function earlierReplyLeak(row: ConductRow, finalIndex: number | undefined): ConductSpan | null {
  for (const [index, message] of row.messages.entries()) {
    if (message.role !== 'assistant' || index === finalIndex || typeof message.content !== 'string') continue;
    const leak = findHarnessLeak(message.content);
    if (leak) return { message_index: index, start: leak.start, end: leak.end, tool_call_id: null };
  }
  return null;
}

/** The first id an earlier reply quotes that nothing the person or a tool said contains (`grounded`, lowercased). */
export function earlierReplyIdentifier(
  row: ConductRow,
  finalIndex: number | undefined,
  grounded: string,
): { match: TextMatch; span: ConductSpan } | null {
  for (const [index, message] of row.messages.entries()) {
    if (message.role !== 'assistant' || index === finalIndex || typeof message.content !== 'string') continue;
    const match = inventedIdentifiers(message.content, grounded)[0];
    if (match) return { match, span: { message_index: index, start: match.start, end: match.end, tool_call_id: null } };
  }
  return null;
}

/**
 * The first earlier reply that closes a run of calls whose last call of some tool faulted, without a word that
 * the call missed: the person is told nothing went wrong. Calls are grouped from one reply or person's turn to
 * the next, as the final reply's check groups them; a later call of the same tool that worked clears its miss.
 */
export function earlierReplyIgnoringFault(
  steps: readonly Step[],
  finalIndex: number | undefined,
): { tools: string[]; span: ConductSpan } | null {
  let since: ToolStep[] = [];
  for (const step of steps) {
    if (step.kind === 'tool') {
      since.push(step);
      continue;
    }
    if (step.kind === 'text' && step.message_index !== finalIndex && since.length > 0) {
      const missed = outstandingFaults(since);
      if (missed.length > 0 && !acknowledgesFault(step.text)) {
        return {
          tools: [...new Set(missed.map((call) => call.tool))],
          span: { message_index: step.message_index, start: 0, end: step.text.length, tool_call_id: null },
        };
      }
    }
    since = [];
  }
  return null;
}

/** The calls whose tool's last call in the group faulted. */
function outstandingFaults(calls: readonly ToolStep[]): ToolStep[] {
  const last = new Map<string, ToolStep>();
  for (const call of calls) last.set(call.tool, call);
  return [...last.values()].filter(stepFaulted);
}

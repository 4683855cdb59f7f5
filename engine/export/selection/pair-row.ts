import type { Message } from '../../../shared/domain';
import { EMPTY_CONTEXT, type ExportInput, scenarioOf } from '../export-input';
import { withPositionalCallIds } from '../formats/call-ids';
import { sampleMessages, stripThink } from '../formats/training-samples';
import { junkReason, normaliseText } from '../gates/junk';
import { findLeak } from '../gates/leak-gate';

/**
 * A row as DPO pairing weighs it: the few facts pairing compares, worked out once, and the row itself behind a call, so
 * a reader may let the row go after the facts and read it again only for the pairs it ends up in.
 */
export interface PairRow {
  reward: number | null;
  rollout_id: string;
  scenario_id: string;
  /** The ask, case and whitespace aside: pairs never cross asks. */
  ask: string;
  /** Ungraded, junk, or quoting privileged text: left out before pairing. */
  excluded: boolean;
  /** Characters of the assistant text, `<think>` removed. */
  chars: number;
  /** Messages and characters of the conversation a trainer sees: two rows whose conversations are the same share it. */
  shape: string;
  /** The conversation as a trainer sees it (see conversationKey), asked only when another row has the same shape. */
  key(): string;
  /** The whole row with its grade. */
  input(): ExportInput;
}

/**
 * A scenario's rows as a reader gives them. `prepare`, when the reader has it, is told before pairing asks for rows whole
 * which it will ask for, in that order: first the rows whose conversations it compares, then those of its pairs.
 */
export interface PairScenario {
  rows: readonly PairRow[];
  prepare?(rows: readonly PairRow[]): void;
}

export const assistantChars = (messages: readonly Message[]): number =>
  messages.reduce((total, message) => total + (message.role === 'assistant' ? stripThink(message.content).length : 0), 0);

/** The count and length of the messages sampleMessages keeps: equal for two rows whose conversationKey is equal. */
export function conversationShape(messages: readonly Message[]): string {
  let kept = 0;
  let chars = 0;
  for (const message of messages) {
    if (message.role !== 'assistant') {
      kept += 1;
      chars += message.content.length;
      continue;
    }
    const content = stripThink(message.content);
    const calls = message.tool_calls?.length ?? 0;
    if (content.trim() === '' && calls === 0) continue;
    kept += 1;
    chars += content.length + calls;
  }
  return `${kept}:${chars}`;
}

/** A row's conversation as a trainer sees it (`<think>` removed, tool-call ids by position), for comparing two rows. */
export const conversationKey = (input: ExportInput): string =>
  JSON.stringify(withPositionalCallIds(sampleMessages(input.row.messages, EMPTY_CONTEXT).messages));

/** The last ask normalised: a scenario's rows mostly share theirs. */
let lastAsk = { prompt: '', ask: '' };

function askOf(prompt: string): string {
  if (lastAsk.prompt !== prompt) lastAsk = { prompt, ask: normaliseText(prompt) };
  return lastAsk.ask;
}

const kept =
  (input: ExportInput): (() => ExportInput) =>
  () =>
    input;

/** The facts of a row read whole; `reread` gives the row again when pairing asks for it (default: this one, kept). */
export function pairRowOf(input: ExportInput, reread?: () => ExportInput): PairRow {
  const { row } = input;
  // No closure here may name `input`: a reader that rereads lets the row go once its facts are out.
  const again = reread ?? kept(input);
  const excluded = input.reward === null || junkReason(input) !== null || findLeak(input) !== null;
  return {
    reward: input.reward,
    rollout_id: row.rollout_id,
    scenario_id: scenarioOf(input),
    ask: askOf(row.prompt),
    excluded,
    chars: assistantChars(row.messages),
    shape: conversationShape(row.messages),
    key: () => conversationKey(again()),
    input: again,
  };
}

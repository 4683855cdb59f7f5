import { carryMemberText, GRADE_CARRY_START, gradeCarryValues } from './carry';
import type { RunContext } from '../export-input';
import { FramedLine, LineFrame } from './framed-line';
import type { MetadataMode } from './openai-format';
import type { PreparedInput } from './prepared-line';
import { systemMessageText, toolsText } from './sft-line-text';

/*
 * A prepared row's line (prepared-line.ts) joined with the run's system prompt and tools and the row's grade, in the
 * format its messages are in: the general path's text, byte for byte.
 */

/** The parts of a line the run decides, around a prepared row's own: written once per export (its context). */
interface RunParts {
  context: RunContext;
  /** `{"messages":[` and the system message. */
  open: string;
  /** The messages' end and the tools. */
  close: string;
  /** `"loss_mask":[` and the system message's 0. */
  mask: string;
  /** A line without its metadata around the row's messages: `open`, then `close` and the line's end. */
  frame: LineFrame;
}

let lastParts: RunParts | null = null;

function runParts(context: RunContext): RunParts {
  if (lastParts?.context !== context) {
    const system = context.system_prompt.trim() !== '';
    const open = `{"messages":[${system ? `${systemMessageText(context.system_prompt)},` : ''}`;
    const close = `]${toolsText(context)}`;
    lastParts = { context, open, close, mask: `"loss_mask":[${system ? '0,' : ''}`, frame: new LineFrame(open, `${close}}`) };
  }
  return lastParts;
}

/**
 * The members of a prepared row's extras with its grade, in its format: the general path's `openAiExtras` (the ask, the
 * loss mask) or `trlExtras` (the ask as `prompt_text`), then the carry keys, as text.
 */
export function preparedExtrasText(input: PreparedInput, context: RunContext): string {
  const { prepared } = input;
  const grade = carryMemberText(gradeCarryValues(input), GRADE_CARRY_START);
  let carry = prepared.head;
  if (grade !== '') carry += carry === '' ? grade : `,${grade}`;
  if (prepared.tail !== '') carry += carry === '' ? prepared.tail : `,${prepared.tail}`;
  const rest = carry === '' ? '' : `,${carry}`;
  if (prepared.format === 'trl') return `"prompt_text":${prepared.prompt}${rest}`;
  return `"prompt":${prepared.prompt},${runParts(context).mask}${prepared.mask}]${rest}`;
}

/**
 * The line of a prepared row with its grade, in an export of the run with this context: the general path's text (both
 * formats open with `messages`, the run's system message first, and close with its tools).
 */
export function preparedLineText(input: PreparedInput, context: RunContext, metadata: MetadataMode = 'none'): string {
  const parts = runParts(context);
  const head = `${parts.open}${input.prepared.messages}${parts.close}`;
  return metadata === 'inline' ? `${head},${preparedExtrasText(input, context)}}` : `${head}}`;
}

/** `preparedLineText` without inline metadata, framed: the same text once joined (framed-line.ts). */
export const preparedFramedLine = (input: PreparedInput, context: RunContext): FramedLine =>
  new FramedLine(runParts(context).frame, input.prepared.messages);

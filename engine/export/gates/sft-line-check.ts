import type { RunContext } from '../export-input';
import { LineProblems } from './line-problems';
import { functionTools } from '../formats/tool-schemas';
import { checkTools } from './tools-check';
import type { SftFormat, TrainingExportOptions } from '../formats/training-export';
import type { SampleMessage, TrainingSample } from '../formats/training-samples';

/** What FileCheck and the round-trip gate count of a line that passes every check. */
export interface CleanLineStats {
  /** Whether FileCheck counts the line's messages (a line with a `messages` list). */
  counted: boolean;
  messages: number;
  system: boolean;
  user: boolean;
  /** Tool calls in the line's message lists (the round-trip gate's `checked`). */
  calls: number;
}

/** How the lines of one SFT file are shaped and checked. */
export interface SftLineShape {
  format: SftFormat;
  promptCompletion: boolean;
  /** Line problems are only known through the full validator unless the tool list checked clean. */
  toolNames: ReadonlySet<string> | null;
  requireTools: boolean;
  /** The line itself carries the extras (`loss_mask`, the ask), which the validator checks too. */
  carry: boolean;
}

/** The shape of an SFT export's lines with these options; null when the run's tool list itself fails the line check. */
export function sftLineShape(context: RunContext, options: TrainingExportOptions): SftLineShape | null {
  const format = options.format ?? 'openai';
  const promptCompletion = (options.mask_mode ?? 'assistant') === 'final' || (options.unroll ?? false);
  const requireTools = context.tools.length > 0;
  const toolProblems = new LineProblems();
  const toolNames = requireTools ? checkTools(functionTools(context.tools), toolProblems) : null;
  return toolProblems.list.length > 0 ? null : { format, promptCompletion, toolNames, requireTools, carry: options.metadata === 'inline' };
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

function nameAllowed(name: unknown, shape: SftLineShape): boolean {
  if (!nonEmpty(name)) return false;
  return shape.toolNames === null ? !shape.requireTools : shape.toolNames.has(name);
}

/** The checks of `checkOpenAiMessages`, `checkLossMask` and `validateOpenAiLine` that a line from a sample can fail. */
function openAiStats(sample: TrainingSample, shape: SftLineShape): CleanLineStats | null {
  const { messages, loss_mask: mask } = sample;
  if (messages.length === 0) return null;
  if (shape.carry && (typeof sample.input.row.prompt !== 'string' || mask.length !== messages.length)) return null;
  const called = new Set<string>();
  const unanswered = new Set<string>();
  const stats: CleanLineStats = { counted: true, messages: messages.length, system: false, user: false, calls: 0 };
  let trained = 0;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role !== 'tool' && unanswered.size > 0) return null;
    switch (message.role) {
      case 'system':
      case 'user':
        if (!nonEmpty(message.content) || (message.role === 'system' && index !== 0)) return null;
        if (message.role === 'system') stats.system = true;
        else stats.user = true;
        if (shape.carry && mask[index] !== 0) return null;
        break;
      case 'assistant': {
        const weight = mask[index] ?? 0;
        if (weight !== 0 && weight !== 1) return null;
        if (weight === 1) trained += 1;
        const calls = message.tool_calls;
        if (calls.length === 0 ? !nonEmpty(message.content) : typeof message.content !== 'string') return null;
        for (const call of calls) {
          // Arguments that decoded to an object are written by `pythonJson`, whose text parses back to it (or the
          // line builder declines it and the general path checks it).
          if (!nonEmpty(call.id) || called.has(call.id) || !nameAllowed(call.name, shape) || call.arguments === null) return null;
          called.add(call.id);
          unanswered.add(call.id);
          stats.calls += 1;
        }
        break;
      }
      case 'tool':
        if (!nonEmpty(message.content) || !nonEmpty(message.tool_call_id) || !unanswered.delete(message.tool_call_id)) return null;
        if (shape.carry && mask[index] !== 0) return null;
        break;
      default: {
        const unknown: never = message;
        throw new Error(`unknown message ${JSON.stringify(unknown)}`);
      }
    }
  }
  return trained > 0 ? stats : null;
}

/** The checks of `checkMessages` in validate-trl over one list; `called` carries ids across lists. */
function trlListClean(
  messages: readonly SampleMessage[],
  start: number,
  end: number,
  shape: SftLineShape,
  called: Set<string>,
  stats: CleanLineStats,
): boolean {
  if (end <= start) return false;
  for (let index = start; index < end; index++) {
    const message = messages[index]!;
    if (typeof message.content !== 'string') return false;
    if (message.role === 'assistant') {
      if (message.content === '' && message.tool_calls.length === 0) return false;
      for (const call of message.tool_calls) {
        if (typeof call.id !== 'string' || !nameAllowed(call.name, shape) || call.arguments === null) return false;
        called.add(call.id);
        stats.calls += 1;
      }
    } else if (message.role === 'tool') {
      if (!nonEmpty(message.name) || typeof message.tool_call_id !== 'string' || !called.has(message.tool_call_id)) return false;
    }
  }
  return true;
}

function trlStats(sample: TrainingSample, shape: SftLineShape): CleanLineStats | null {
  const { messages } = sample;
  if (shape.carry && typeof sample.input.row.prompt !== 'string') return null;
  const stats: CleanLineStats = { counted: !shape.promptCompletion, messages: messages.length, system: false, user: false, calls: 0 };
  const called = new Set<string>();
  if (shape.promptCompletion) {
    const last = sample.loss_mask.lastIndexOf(1);
    if (last < 1 || messages[last]?.role !== 'assistant') return null;
    if (!trlListClean(messages, 0, last, shape, called, stats) || !trlListClean(messages, last, last + 1, shape, called, stats))
      return null;
    return stats;
  }
  if (!trlListClean(messages, 0, messages.length, shape, called, stats)) return null;
  let assistant = false;
  for (const message of messages) {
    if (message.role === 'system') stats.system = true;
    else if (message.role === 'user') stats.user = true;
    else if (message.role === 'assistant') assistant = true;
  }
  return assistant ? stats : null;
}

/**
 * For a sample whose line (as `openAiLineText` / `trlLineText` write it) passes the format's validator and the
 * tool-call round-trip gate, what they would have counted; null when the line might fail either, so the caller
 * runs them in full. Every condition here mirrors one of theirs (see sft-line-check.test.ts, which holds the two
 * paths to the same answers).
 */
export function cleanLineStats(sample: TrainingSample, shape: SftLineShape): CleanLineStats | null {
  return shape.format === 'openai' ? openAiStats(sample, shape) : trlStats(sample, shape);
}

import type { RunContext } from '../export-input';
import { carryFields } from './carry';
import { pythonJson } from './python-json';
import { functionTools } from './tool-schemas';
import type { SampleMessage, SampleToolCall, TrainingSample } from './training-samples';

/** `arguments` as the JSON string OpenAI expects; a value that never decoded is passed through for the gate to catch. */
export function wireArguments(call: SampleToolCall): string {
  if (call.arguments !== null) return pythonJson(call.arguments);
  return typeof call.raw_arguments === 'string' ? call.raw_arguments : pythonJson(call.raw_arguments);
}

/** One message in OpenAI's chat wire shape; `weight` (0/1) is set on assistant messages when given. */
export function openAiMessage(message: SampleMessage, weight?: number): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant': {
      const hasCalls = message.tool_calls.length > 0;
      const wire: Record<string, unknown> = { role: 'assistant', content: hasCalls && message.content === '' ? null : message.content };
      if (hasCalls) {
        wire.tool_calls = message.tool_calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: wireArguments(call) },
        }));
      }
      if (weight !== undefined) wire.weight = weight;
      return wire;
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
    default: {
      const unknown: never = message;
      throw new Error(`unknown message ${JSON.stringify(unknown)}`);
    }
  }
}

/** Where a line's grade, provenance and diversity keys go. */
export const METADATA_MODES = ['none', 'inline', 'sidecar'] as const;
export type MetadataMode = (typeof METADATA_MODES)[number];

export interface LineOptions {
  /**
   * `none` (default): only the format's documented columns. `inline` (`--with-metadata`): the ask, the loss mask and the
   * carry keys beside them. `sidecar`: those keys kept apart, one metadata line per written line, for
   * `data/<split>.meta.jsonl` (see metadata-line.ts).
   */
  metadata?: MetadataMode;
}

/** The keys an OpenAI-compatible line carries beyond OpenAI's reader's: the ask as `prompt`, `loss_mask` and the carry keys. */
export function openAiExtras(sample: TrainingSample): Record<string, unknown> {
  return { prompt: sample.input.row.prompt, loss_mask: sample.loss_mask, ...carryFields(sample.input, { unroll: sample.unroll }) };
}

/**
 * An OpenAI-compatible SFT line: what OpenAI's fine-tuning reader reads, `messages` (system first, tool calls in wire
 * shape, `weight` per assistant turn from the loss mask) and `tools` when the run has any; with inline metadata the
 * extras after them.
 */
export function openAiLine(sample: TrainingSample, context: RunContext, options: LineOptions = {}): Record<string, unknown> {
  const line: Record<string, unknown> = {
    messages: sample.messages.map((message, index) =>
      openAiMessage(message, message.role === 'assistant' ? (sample.loss_mask[index] ?? 0) : undefined),
    ),
  };
  if (context.tools.length > 0) line.tools = functionTools(context.tools);
  return options.metadata === 'inline' ? Object.assign(line, openAiExtras(sample)) : line;
}

import type { RunContext } from '../export-input';
import { carryFields } from './carry';
import type { LineOptions } from './openai-format';
import { functionTools } from './tool-schemas';
import type { SampleMessage, TrainingSample } from './training-samples';

/** One message in the shape TRL's chat templates read: tool-call arguments as objects, tool results named. */
export function trlMessage(message: SampleMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant': {
      const wire: Record<string, unknown> = { role: 'assistant', content: message.content };
      if (message.tool_calls.length > 0) {
        wire.tool_calls = message.tool_calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments ?? call.raw_arguments },
        }));
      }
      return wire;
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id, name: message.name, content: message.content };
    default: {
      const unknown: never = message;
      throw new Error(`unknown message ${JSON.stringify(unknown)}`);
    }
  }
}

/** The keys a TRL line carries beyond TRL's columns: the ask as `prompt_text` (a `prompt` string changes the path), the carry keys. */
export function trlExtras(sample: TrainingSample): Record<string, unknown> {
  return { prompt_text: sample.input.row.prompt, ...carryFields(sample.input, { unroll: sample.unroll }) };
}

/**
 * A TRL conversational SFT line. With loss on every assistant turn: `messages` + `tools`. With loss on one turn
 * (final mask, unroll): `prompt` = the messages before the last trained turn, `completion` = that turn. With inline
 * metadata the extras follow; a `prompt` string beside `messages` would send SFTTrainer down its prompt-completion path.
 */
export function trlLine(
  sample: TrainingSample,
  context: RunContext,
  promptCompletion: boolean,
  options: LineOptions = {},
): Record<string, unknown> {
  let line: Record<string, unknown>;
  if (promptCompletion) {
    const last = sample.loss_mask.lastIndexOf(1);
    line = {
      prompt: sample.messages.slice(0, last).map(trlMessage),
      completion: sample.messages.slice(last, last + 1).map(trlMessage),
    };
  } else {
    line = { messages: sample.messages.map(trlMessage) };
  }
  if (context.tools.length > 0) line.tools = functionTools(context.tools);
  return options.metadata === 'inline' ? Object.assign(line, trlExtras(sample)) : line;
}

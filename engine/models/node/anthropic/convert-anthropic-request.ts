import type { ContentBlockParam, MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { GenerateRequest, ModelMessage } from '../../model-backend';

/** Messages API default when a request sets no cap (`max_tokens` is required there). */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;
/** Text blocks may not be empty: an assistant turn that said nothing is sent as this. */
const EMPTY_TURN = '(no reply)';

function blocksOf(message: ModelMessage): { role: 'user' | 'assistant'; blocks: ContentBlockParam[] } {
  switch (message.role) {
    case 'user':
      return { role: 'user', blocks: [{ type: 'text', text: message.content === '' ? EMPTY_TURN : message.content }] };
    case 'assistant': {
      const blocks: ContentBlockParam[] = [];
      if (message.content !== '') blocks.push({ type: 'text', text: message.content });
      for (const call of message.tool_calls ?? []) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
      if (blocks.length === 0) blocks.push({ type: 'text', text: EMPTY_TURN });
      return { role: 'assistant', blocks };
    }
    case 'tool':
      return { role: 'user', blocks: [{ type: 'tool_result', tool_use_id: message.tool_call_id, content: message.content }] };
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/**
 * A Messages API request. Tool results travel in the next user message, so consecutive turns of one role are
 * merged into one message (the API wants user and assistant to alternate). Structured output is a forced call of
 * a tool whose input schema is the requested one. `temperature` is sent as given (newer Claude models refuse it;
 * the resilient layer then drops it).
 */
export function convertAnthropicRequest(model: string, request: GenerateRequest): MessageCreateParamsNonStreaming {
  const messages: MessageParam[] = [];
  for (const message of request.messages) {
    const { role, blocks } = blocksOf(message);
    const last = messages.at(-1);
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  }
  const params: MessageCreateParamsNonStreaming = {
    model,
    max_tokens: request.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages,
  };
  if (request.system) params.system = request.system;
  const tools = (request.tools ?? []).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters as { type: 'object' },
  }));
  if (request.response_format) {
    const format = request.response_format;
    params.tools = [
      { name: format.name, description: 'Submit the answer in this shape.', input_schema: format.schema as { type: 'object' } },
    ];
    params.tool_choice = { type: 'tool', name: format.name };
  } else if (tools.length > 0) {
    params.tools = tools;
    const choice = request.tool_choice ?? 'auto';
    params.tool_choice = choice === 'required' ? { type: 'any' } : { type: choice };
  }
  if (request.temperature !== undefined)
    (params as MessageCreateParamsNonStreaming & { temperature?: number }).temperature = request.temperature;
  return params;
}

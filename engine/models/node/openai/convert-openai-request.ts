import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { GenerateRequest, ModelMessage } from '../../model-backend';

function toOpenAIMessage(message: ModelMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content };
    case 'assistant': {
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function' as const,
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        })),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/**
 * A chat-completions request. OpenAI itself gets `max_completion_tokens` (reasoning models refuse `max_tokens`);
 * compatible servers get `max_tokens`, which vLLM, Ollama and llama.cpp all read.
 */
export function convertOpenAIRequest(
  model: string,
  request: GenerateRequest,
  options: { isOpenAI: boolean },
): ChatCompletionCreateParamsNonStreaming {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  messages.push(...request.messages.map(toOpenAIMessage));
  const params: ChatCompletionCreateParamsNonStreaming = { model, messages };
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    params.tools = tools.map((tool) => ({
      type: 'function' as const,
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    params.tool_choice = request.tool_choice ?? 'auto';
  }
  if (request.temperature !== undefined) params.temperature = request.temperature;
  if (request.max_tokens !== undefined) {
    if (options.isOpenAI) params.max_completion_tokens = request.max_tokens;
    else params.max_tokens = request.max_tokens;
  }
  if (request.logprobs) params.logprobs = true;
  if (request.response_format) {
    params.response_format = {
      type: 'json_schema',
      json_schema: { name: request.response_format.name, schema: request.response_format.schema, strict: false },
    };
  }
  return params;
}

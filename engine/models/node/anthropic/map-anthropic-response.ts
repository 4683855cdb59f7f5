import type { GenerateRequest, GenerateResponse, ModelFinishReason } from '../../model-backend';
import { ModelCallError } from '../../model-call-error';
import { parseToolCalls, type RawToolCall } from '../../tool-arguments';
import { AnthropicContentBlock, AnthropicMessageResponse } from './anthropic-schema';

function finishReason(reason: string | null | undefined): ModelFinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}

/** A Messages API response as a GenerateResponse; a forced structured-output call becomes its JSON text. */
export function mapAnthropicResponse(spec: string, body: unknown, request: GenerateRequest): GenerateResponse {
  const parsed = AnthropicMessageResponse.safeParse(body);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    throw new ModelCallError(`${spec} answered with something that is not a message (${detail})`, { kind: 'malformed_response', spec });
  }
  const response = parsed.data;
  const texts: string[] = [];
  const raw: RawToolCall[] = [];
  for (const item of response.content) {
    const block = AnthropicContentBlock.safeParse(item);
    if (!block.success) continue;
    if (block.data.type === 'text') texts.push(block.data.text);
    else if (block.data.type === 'tool_use') raw.push({ id: block.data.id, name: block.data.name, arguments: block.data.input });
  }
  const usage = { input_tokens: response.usage?.input_tokens ?? 0, output_tokens: response.usage?.output_tokens ?? 0 };
  const format = request.response_format;
  if (format) {
    const answer = raw.find((call) => call.name === format.name);
    const text =
      answer === undefined ? texts.join('') : typeof answer.arguments === 'string' ? answer.arguments : JSON.stringify(answer.arguments);
    return {
      text,
      tool_calls: [],
      tool_call_problems: [],
      finish_reason: 'stop',
      usage,
      response_model: response.model ?? spec,
      dropped_parameters: [],
    };
  }
  const { tool_calls, problems } = parseToolCalls(raw, request.tools ?? []);
  return {
    text: texts.join(''),
    tool_calls,
    tool_call_problems: problems,
    finish_reason: finishReason(response.stop_reason),
    usage,
    response_model: response.model ?? spec,
    dropped_parameters: [],
  };
}

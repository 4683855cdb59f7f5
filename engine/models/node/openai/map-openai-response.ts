import type { GenerateRequest, GenerateResponse, ModelFinishReason } from '../../model-backend';
import { ModelCallError } from '../../model-call-error';
import { parseToolCalls } from '../../tool-arguments';
import { OpenAIChatResponse } from './openai-schema';

function finishReason(reason: string | null | undefined): ModelFinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'other';
  }
}

/** The first choice as a GenerateResponse: tool arguments parsed and checked, log-probabilities summed when present. */
export function mapOpenAIResponse(spec: string, body: unknown, request: GenerateRequest): GenerateResponse {
  const parsed = OpenAIChatResponse.safeParse(body);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    throw new ModelCallError(`${spec} answered with something that is not a chat completion (${detail})`, {
      kind: 'malformed_response',
      spec,
    });
  }
  const response = parsed.data;
  const choice = response.choices[0]!;
  const raw = (choice.message.tool_calls ?? []).map((call, index) => ({
    id: call.id ?? `call_${index}`,
    name: call.function.name,
    arguments: call.function.arguments ?? '',
  }));
  const { tool_calls, problems } = parseToolCalls(raw, request.tools ?? []);
  const tokens = choice.logprobs?.content ?? null;
  const result: GenerateResponse = {
    text: choice.message.content ?? choice.message.refusal ?? '',
    tool_calls,
    tool_call_problems: problems,
    finish_reason: finishReason(choice.finish_reason),
    usage: { input_tokens: response.usage?.prompt_tokens ?? 0, output_tokens: response.usage?.completion_tokens ?? 0 },
    response_model: response.model ?? spec,
    dropped_parameters: [],
  };
  if (request.logprobs && tokens !== null) {
    result.logprobs = {
      sum: tokens.reduce((sum, token) => sum + token.logprob, 0),
      n_tokens: tokens.length,
      tokens: tokens.map((token) => ({ token: token.token, logprob: token.logprob })),
    };
  }
  return result;
}

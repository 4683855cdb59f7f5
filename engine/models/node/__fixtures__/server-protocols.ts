// The two wire protocols the local model server speaks: requests read into one view, answers and errors written back.
import type { BrainReply, Fault, RateLimitState, ServerRequest, ServerTurn } from './local-model-server';

export type ServerView = Omit<ServerRequest, 'index' | 'key' | 'body'>;
export type Json = Record<string, unknown>;
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function openaiView(body: Json): ServerView {
  let system = '';
  const messages: ServerTurn[] = [];
  for (const message of asArray(body.messages)) {
    const role = text(message.role);
    const content =
      typeof message.content === 'string'
        ? message.content
        : asArray(message.content)
            .map((part) => text(part.text))
            .join('');
    if (role === 'system' || role === 'developer') system += content;
    else if (role === 'tool') messages.push({ role: 'tool', content, tool_call_id: text(message.tool_call_id) });
    else if (role === 'assistant') {
      const calls = asArray(message.tool_calls).map((call) => {
        const fn = (call.function ?? {}) as Json;
        return { id: text(call.id), name: text(fn.name), arguments: fn.arguments };
      });
      messages.push({ role: 'assistant', content, ...(calls.length ? { tool_calls: calls } : {}) });
    } else messages.push({ role: 'user', content });
  }
  const format = (body.response_format ?? {}) as Json;
  const schema = (format.json_schema ?? {}) as Json;
  return {
    protocol: 'openai',
    model: text(body.model),
    system,
    messages,
    tools: asArray(body.tools).map((tool) => {
      const fn = (tool.function ?? {}) as Json;
      return { name: text(fn.name), description: text(fn.description), parameters: (fn.parameters ?? {}) as Json };
    }),
    temperature: typeof body.temperature === 'number' ? body.temperature : undefined,
    logprobs: body.logprobs === true,
    ...(format.type === 'json_schema' ? { json_schema: { name: text(schema.name), schema: (schema.schema ?? {}) as Json } } : {}),
  };
}

export function anthropicView(body: Json): ServerView {
  const messages: ServerTurn[] = [];
  for (const message of asArray(body.messages)) {
    const role = text(message.role);
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : asArray(message.content);
    if (role === 'assistant') {
      const calls = blocks
        .filter((block) => block.type === 'tool_use')
        .map((block) => ({ id: text(block.id), name: text(block.name), arguments: block.input }));
      const said = blocks
        .filter((block) => block.type === 'text')
        .map((block) => text(block.text))
        .join('');
      messages.push({ role: 'assistant', content: said, ...(calls.length ? { tool_calls: calls } : {}) });
      continue;
    }
    for (const block of blocks) {
      if (block.type === 'tool_result')
        messages.push({ role: 'tool', content: text(block.content), tool_call_id: text(block.tool_use_id) });
      else if (block.type === 'text') messages.push({ role: 'user', content: text(block.text) });
    }
  }
  const choice = (body.tool_choice ?? {}) as Json;
  const tools = asArray(body.tools).map((tool) => ({
    name: text(tool.name),
    description: text(tool.description),
    parameters: (tool.input_schema ?? {}) as Json,
  }));
  const forced = choice.type === 'tool' ? tools.find((tool) => tool.name === choice.name) : undefined;
  return {
    protocol: 'anthropic',
    model: text(body.model),
    system:
      typeof body.system === 'string'
        ? body.system
        : asArray(body.system)
            .map((block) => text(block.text))
            .join(''),
    messages,
    tools: forced ? [] : tools,
    temperature: typeof body.temperature === 'number' ? body.temperature : undefined,
    logprobs: false,
    ...(forced ? { json_schema: { name: forced.name, schema: forced.parameters } } : {}),
  };
}

const words = (value: string) => value.split(/\s+/).filter(Boolean);

/** Word-sized tokens with made-up, repeatable log-probabilities. */
function tokensOf(reply: string): { token: string; logprob: number; bytes: null; top_logprobs: [] }[] {
  return words(reply).map((token, index) => ({ token, logprob: -0.05 * ((index % 7) + 1), bytes: null, top_logprobs: [] }));
}

function promptTokens(view: ServerView): number {
  return words(view.system).length + view.messages.reduce((sum, message) => sum + words(message.content).length, 0);
}

function openaiError(status: number, message: string, type: string, code: string | null, param: string | null = null) {
  return { status, body: { error: { message, type, param, code } } };
}

function anthropicError(status: number, type: string, message: string) {
  return { status, body: { type: 'error', error: { type, message } } };
}

/** Milliseconds as a Go duration, the way OpenAI writes its resets: `20ms`, `1.5s`, `6m0s`, `1h0m0s`. */
export function goDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = `${Number(((ms % 60_000) / 1000).toFixed(3))}s`;
  return hours > 0 ? `${hours}h${minutes}m${seconds}` : minutes > 0 ? `${minutes}m${seconds}` : seconds;
}

/** An RFC 3339 time, as Anthropic writes its resets (whole seconds when the time is a whole second). */
const rfc3339 = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/** The rate-limit headers of `limits`, in the protocol's names and reset format, measured from `now`. */
export function rateLimitHeaders(protocol: 'openai' | 'anthropic', limits: RateLimitState, now: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['requests', 'tokens'] as const) {
    const state = limits[name];
    if (!state) continue;
    if (protocol === 'openai') {
      headers[`x-ratelimit-limit-${name}`] = String(state.limit);
      headers[`x-ratelimit-remaining-${name}`] = String(state.remaining);
      headers[`x-ratelimit-reset-${name}`] = goDuration(state.reset_ms);
    } else {
      headers[`anthropic-ratelimit-${name}-limit`] = String(state.limit);
      headers[`anthropic-ratelimit-${name}-remaining`] = String(state.remaining);
      headers[`anthropic-ratelimit-${name}-reset`] = rfc3339(now + state.reset_ms);
    }
  }
  return headers;
}

type ErrorAnswer = { status: number; body: Json; headers?: Record<string, string> };

/**
 * The error a fault (or a refused key or temperature) answers with, in the request's protocol, with `x-should-retry`
 * when the fault sets it; undefined for faults that are not an error answer. `now` times Anthropic's resets.
 */
export function errorFor(protocol: 'openai' | 'anthropic', fault: Fault, key: string | undefined, now: number): ErrorAnswer | undefined {
  const answer = errorAnswer(protocol, fault, key, now);
  const shouldRetry = 'should_retry' in fault ? fault.should_retry : undefined;
  if (!answer || shouldRetry === undefined) return answer;
  return { ...answer, headers: { ...answer.headers, 'x-should-retry': String(shouldRetry) } };
}

function errorAnswer(protocol: 'openai' | 'anthropic', fault: Fault, key: string | undefined, now: number): ErrorAnswer | undefined {
  const openai = protocol === 'openai';
  switch (fault.kind) {
    case 'rate_limit': {
      const headers: Record<string, string> = fault.limits ? rateLimitHeaders(protocol, fault.limits, now) : {};
      if (fault.retry_after_ms !== undefined) headers['retry-after-ms'] = String(fault.retry_after_ms);
      if (fault.retry_after_s !== undefined) headers['retry-after'] = String(fault.retry_after_s);
      const error = openai
        ? openaiError(429, 'Rate limit reached for requests. Please try again shortly.', 'requests', 'rate_limit_exceeded')
        : anthropicError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit.');
      return { ...error, headers };
    }
    case 'server_error': {
      const error = openai
        ? openaiError(fault.status ?? 500, 'The server had an error while processing your request.', 'server_error', null)
        : anthropicError(fault.status ?? 529, 'overloaded_error', 'Overloaded');
      return { ...error, headers: fault.retry_after_ms === undefined ? {} : { 'retry-after-ms': String(fault.retry_after_ms) } };
    }
    case 'auth':
      return openai
        ? openaiError(
            401,
            `Incorrect API key provided: ${key ?? '(none)'}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            'invalid_request_error',
            'invalid_api_key',
          )
        : anthropicError(401, 'authentication_error', `invalid x-api-key: ${key ?? '(none)'}`);
    case 'quota':
      return openai
        ? openaiError(
            429,
            'You exceeded your current quota, please check your plan and billing details.',
            'insufficient_quota',
            'insufficient_quota',
          )
        : anthropicError(
            400,
            'invalid_request_error',
            'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
          );
    case 'bad_request':
      return openai
        ? openaiError(400, "Invalid 'messages[0].content': the request could not be read.", 'invalid_request_error', null)
        : anthropicError(400, 'invalid_request_error', 'messages.0.content: the request could not be read.');
    case 'reject_temperature':
      return openai
        ? openaiError(
            400,
            "Unsupported parameter: 'temperature' is not supported with this model.",
            'invalid_request_error',
            'unsupported_parameter',
            'temperature',
          )
        : anthropicError(400, 'invalid_request_error', '`temperature` is deprecated for this model.');
    case 'temperature_range':
      return anthropicError(400, 'invalid_request_error', 'temperature: range: 0..1');
    case 'slow':
    case 'cut_off':
    case 'broken_tool_json':
      return undefined;
    default: {
      const unreachable: never = fault;
      return unreachable;
    }
  }
}

export function openaiBody(view: ServerView, reply: BrainReply, broken: boolean, index: number): Json {
  const structured = view.json_schema && reply.json !== undefined;
  const content = structured ? JSON.stringify(reply.json) : (reply.text ?? '');
  const calls = structured
    ? []
    : (reply.tool_calls ?? []).map((call, position) => ({
        id: `call_${index}_${position}`,
        type: 'function',
        function: {
          name: call.name,
          arguments: broken ? '{"broken": ' : typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
        },
      }));
  const finish = reply.finish === 'length' ? 'length' : calls.length > 0 ? 'tool_calls' : 'stop';
  return {
    id: `chatcmpl-${index}`,
    object: 'chat.completion',
    created: 0,
    model: view.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: content === '' && calls.length > 0 ? null : content,
          ...(calls.length ? { tool_calls: calls } : {}),
          refusal: null,
        },
        logprobs: view.logprobs ? { content: tokensOf(content), refusal: null } : null,
        finish_reason: finish,
      },
    ],
    usage: {
      prompt_tokens: promptTokens(view),
      completion_tokens: words(content).length + calls.length * 8,
      total_tokens: promptTokens(view) + words(content).length,
    },
  };
}

export function anthropicBody(view: ServerView, reply: BrainReply, broken: boolean, index: number): Json {
  const content: Json[] = [];
  if (view.json_schema && reply.json !== undefined) {
    content.push({ type: 'tool_use', id: `toolu_${index}_0`, name: view.json_schema.name, input: reply.json });
  } else {
    if (reply.text) content.push({ type: 'text', text: reply.text });
    (reply.tool_calls ?? []).forEach((call, position) => {
      content.push({
        type: 'tool_use',
        id: `toolu_${index}_${position}`,
        name: call.name,
        input: broken ? '{"broken": ' : (call.arguments ?? {}),
      });
    });
  }
  const hasCall = content.some((block) => block.type === 'tool_use');
  return {
    id: `msg_${index}`,
    type: 'message',
    role: 'assistant',
    model: view.model,
    content,
    stop_reason: reply.finish === 'length' ? 'max_tokens' : hasCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: promptTokens(view), output_tokens: words(reply.text ?? '').length + (hasCall ? 8 : 0) },
  };
}

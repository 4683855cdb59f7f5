import type { GenerateRequest, GenerateResponse, ModelBackend } from '../model-backend';

export type MockReply = Partial<GenerateResponse> | Error;

/**
 * A test double (vercel/ai's MockLanguageModelV2): answers with a fixed reply, the next of a list (the last one
 * repeats), or a function of the request, and records every request. An Error reply is thrown.
 */
export class MockModelBackend implements ModelBackend {
  readonly requests: GenerateRequest[] = [];
  readonly #reply: MockReply | readonly MockReply[] | ((request: GenerateRequest, index: number) => MockReply | Promise<MockReply>);

  constructor(
    readonly spec: string,
    reply: MockReply | readonly MockReply[] | ((request: GenerateRequest, index: number) => MockReply | Promise<MockReply>),
  ) {
    this.#reply = reply;
  }

  async generate(request: GenerateRequest): Promise<GenerateResponse> {
    const index = this.requests.length;
    this.requests.push(request);
    const source = this.#reply;
    const reply =
      typeof source === 'function'
        ? await source(request, index)
        : Array.isArray(source)
          ? (source[Math.min(index, source.length - 1)] as MockReply)
          : (source as MockReply);
    if (reply instanceof Error) throw reply;
    return {
      text: '',
      tool_calls: [],
      tool_call_problems: [],
      finish_reason: 'stop',
      usage: { input_tokens: 0, output_tokens: 0 },
      response_model: this.spec,
      dropped_parameters: [],
      ...reply,
    };
  }
}

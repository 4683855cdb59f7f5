import type { GenerateResponse, ModelMessage, ToolCallProblem } from '../models/model-backend';

/** Problems no world can answer: the arguments are not a JSON object at all. */
export function brokenToolCalls(response: GenerateResponse): ToolCallProblem[] {
  return response.tool_call_problems.filter((problem) => problem.kind === 'malformed_json' || problem.kind === 'not_an_object');
}

/**
 * The turn an agent loop sends back when the model's tool-call arguments do not parse: the model's calls (a broken
 * one with empty arguments, as the wire needs an object) and, as each call's result, the parse error, so the model
 * can call again. Calls that did parse are not run either: the model sends the whole turn again.
 */
export function repairTurn(response: GenerateResponse, broken: readonly ToolCallProblem[]): ModelMessage[] {
  const calls = [
    ...response.tool_calls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
    ...broken.map((problem) => ({ id: problem.id, name: problem.name, arguments: {} })),
  ];
  const brokenIds = new Map(broken.map((problem) => [problem.id, problem]));
  const cut = response.finish_reason === 'length' ? ' The reply was cut at the token limit: write shorter arguments.' : '';
  const results: ModelMessage[] = calls.map((call) => {
    const problem = brokenIds.get(call.id);
    const error = problem
      ? `The arguments of this call could not be read (${problem.message}): ${problem.raw}. ` +
        `Call ${call.name} again with a JSON object.${cut}`
      : 'Not run: another call in this turn had arguments that could not be read. Send the calls again.';
    return { role: 'tool', tool_call_id: call.id, name: call.name, content: JSON.stringify({ error }) };
  });
  return [{ role: 'assistant', content: response.text, tool_calls: calls }, ...results];
}

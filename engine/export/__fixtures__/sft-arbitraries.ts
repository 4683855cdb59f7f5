import fc from 'fast-check';
import type { Message, ToolSpec } from '../../../shared/domain';
import { EMPTY_CONTEXT, type ExportInput, type RunContext } from '../export-input';
import { REFUND_CONTEXT, refundInput } from './refund-rows';

// Rows of every shape for the properties that hold the SFT export's quick paths (sft-line-text.ts, prepared-line.ts)
// to its general path: clean and broken conversations, odd text, privileged fields, grades of every kind.

export const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '  ',
      '<think>plan</think>',
      '<think>only</think> ok',
      'a "quoted" \\ line\nnext',
      '\ud800 lone',
      'é 😀 \u2028',
      'Refund the duplicate exactly once and quote the refund id back to the customer',
    ),
  },
);
const id = fc.constantFrom('call_1', 'call_2', 'call_3', '');
const name = fc.constantFrom('lookup_order', 'issue_refund', 'no_such_tool', '');
const args = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom('{"order_id": "A1001"}', '"{\\"a\\": 1}"', '{"broken"', '[1, 2]', 'null') },
);
export const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: text }),
  { weight: 1, arbitrary: fc.record({ role: fc.constant('system' as const), content: text }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        role: fc.constant('assistant' as const),
        content: text,
        tool_calls: fc.array(fc.record({ id, name, arguments: args as fc.Arbitrary<Record<string, unknown>> }), { maxLength: 2 }),
        logprob: fc.double({ min: -5, max: 0, noNaN: true }),
        n_tokens: fc.nat(40),
      },
      { requiredKeys: ['role', 'content'] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ role: fc.constant('tool' as const), tool_call_id: id, name, content: text }) },
);

/** A conversation that keeps the rules (every call answered, names declared): the lines the straight path takes. */
export const wellFormed: fc.Arbitrary<Message[]> = fc
  .array(
    fc.record({
      ask: text,
      calls: fc.array(fc.record({ name: fc.constantFrom('lookup_order', 'issue_refund'), arguments: args, answer: text }), {
        maxLength: 2,
      }),
      say: text,
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((turns) => {
    let next = 0;
    return turns.flatMap(({ ask, calls, say }): Message[] => {
      const ids = calls.map(() => `call_${next++}`);
      const called: Message[] =
        calls.length === 0
          ? []
          : [
              {
                role: 'assistant',
                content: say,
                tool_calls: calls.map((call, index) => ({
                  id: ids[index]!,
                  name: call.name,
                  arguments: call.arguments as Record<string, unknown>,
                })),
              },
              ...calls.map((call, index): Message => ({
                role: 'tool',
                tool_call_id: ids[index]!,
                name: call.name,
                content: call.answer || 'ok',
              })),
            ];
      return [{ role: 'user', content: ask || 'hi' }, ...called, { role: 'assistant', content: say || 'done' }];
    });
  });

export const input: fc.Arbitrary<ExportInput> = fc
  .record({
    messages: fc.oneof(fc.array(message, { maxLength: 7 }), wellFormed),
    reward: fc.constantFrom(1, 0, 0.5, null),
    reason: fc.option(text, { nil: undefined }),
    judge_name: fc.option(fc.constantFrom('rubric', 'Refund the duplicate exactly once and quote the refund id back to the customer'), {
      nil: undefined,
    }),
    gold: fc.option(
      fc.constantFrom({ reward: 1, kind: 'human' as const, label: 'pass' as const }, { reward: null, kind: 'model' as const }),
      { nil: undefined },
    ),
    privileged: fc.boolean(),
    lineage: fc.constantFrom('{}', '{"ordinal": 9, "aim": "graded_failure"}', '{"__proto__": {"x": 1}, "probe": "p"}'),
    dimensions: fc.constantFrom('plain', 'vector', 'privileged'),
    prompt: text,
  })
  .map((shape) => {
    const base = refundInput({ id: 'row-p', reward: shape.reward, reason: shape.reason, messages: shape.messages, prompt: shape.prompt });
    const dimensions = { ...base.row.situation.dimensions, ...(shape.dimensions === 'plain' ? {} : { [shape.dimensions]: 'secret' }) };
    const lineage = JSON.parse(shape.lineage) as ExportInput['row']['lineage'];
    const row = { ...base.row, messages: shape.messages, prompt: shape.prompt, lineage, situation: { ...base.row.situation, dimensions } };
    if (!shape.privileged) delete row.privileged;
    const graded: ExportInput = { ...base, reason: shape.reason, row };
    if (shape.judge_name !== undefined) graded.judge_name = shape.judge_name;
    if (shape.gold !== undefined) graded.gold = shape.gold;
    return graded;
  });

const badTools: ToolSpec[] = [REFUND_CONTEXT.tools[0]!, REFUND_CONTEXT.tools[0]!];
export const context: fc.Arbitrary<RunContext> = fc.constantFrom(
  REFUND_CONTEXT,
  EMPTY_CONTEXT,
  { system_prompt: 'Be brief.\n"Always" confirm.', tools: [] },
  { system_prompt: '', tools: badTools },
);

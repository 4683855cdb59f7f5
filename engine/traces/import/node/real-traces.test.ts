import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSpec } from '../../../spec/validate-spec';
import { parseTraceFile } from '../parse-trace-file';
import { specFromTraces } from '../../spec-from-traces';
import { isToolStep, type TraceRow } from '../../trace-row';

// Six OTLP files other projects' instrumentations wrote (OpenInference and OTel GenAI fixtures; OpenAI Agents, Google
// ADK, Koog and Microsoft Agent Framework traces; __fixtures__/real/SOURCES.md says where each came from). Each must
// import with everything its expected.json lists, compared by the rules its `_doc` states.

interface ExpectedConversation {
  prompt: string;
  user_turns: string[];
  system_prompt: string | null;
  tools: { name: string; description?: string }[];
  tool_calls: { name: string; arguments: unknown; result_contains: string }[];
  assistant_texts: string[];
  final_text: string;
  scores: { name: string; value: number }[];
}

const real = (name: string) => readFileSync(new URL(`../../__fixtures__/real/${name}`, import.meta.url), 'utf8');
const expected = JSON.parse(real('expected.json')) as { files: { file: string; conversations: ExpectedConversation[] }[] };
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
const resultText = (result: unknown) => (typeof result === 'string' ? result : JSON.stringify(result));

function recovered(row: TraceRow) {
  return {
    prompt: words(row.prompt),
    user_turns: row.steps.flatMap((step) => ('user' in step ? [words(step.user)] : [])),
    system_prompt: row.system_prompt === undefined ? null : words(row.system_prompt),
    assistant_texts: row.steps.flatMap((step) => ('text' in step ? [words(step.text)] : [])),
    final_text: words(row.final_text),
  };
}

describe.each(expected.files)('$file', ({ file, conversations }) => {
  const imported = parseTraceFile(file, real(file));
  const [want] = conversations;

  it('holds one conversation with its prompt, user turns, system prompt, assistant texts and final reply', () => {
    expect(imported.rows).toHaveLength(conversations.length);
    expect(recovered(imported.rows[0]!)).toEqual({
      prompt: words(want!.prompt),
      user_turns: want!.user_turns.map(words),
      system_prompt: want!.system_prompt === null ? null : words(want!.system_prompt),
      assistant_texts: want!.assistant_texts.map(words),
      final_text: words(want!.final_text),
    });
  });

  it('recovers every tool call with its arguments and result, and nothing else as a call', () => {
    const calls = imported.rows[0]!.steps.filter(isToolStep);
    expect(calls).toHaveLength(want!.tool_calls.length);
    for (const call of want!.tool_calls) {
      const match = calls.find(
        (step) =>
          step.tool === call.name &&
          JSON.stringify(step.arguments) === JSON.stringify(call.arguments) &&
          resultText(step.result).includes(call.result_contains),
      );
      expect(match, `${call.name} ${JSON.stringify(call.arguments)} -> ${call.result_contains}`).toBeDefined();
    }
  });

  it('keeps the tool definitions and the evaluations, and a trace with evaluations is graded', () => {
    const row = imported.rows[0]!;
    for (const tool of want!.tools) expect(row.tools ?? []).toContainEqual(expect.objectContaining(tool));
    for (const score of want!.scores) expect(row.scores ?? []).toContainEqual(expect.objectContaining(score));
    if (want!.scores.length > 0) expect(row.reward).not.toBeNull();
    else expect(row.scores).toBeUndefined();
  });
});

describe('the reward read from evaluations', () => {
  const rewardOf = (file: string, keys?: string[]) => parseTraceFile(file, real(file), keys ? { reward_keys: keys } : {}).rows[0]!.reward;

  it('is the worst evaluation, harm metrics counted as 1 - score', () => {
    // hallucination 0, toxicity 0.8: the toxic reply fails.
    expect(rewardOf('langfuse-openai-agents.otlp.json')).toBe(0.2);
    // hallucination 0, toxicity 0: a clean pass.
    expect(rewardOf('langfuse-google-adk.otlp.json')).toBe(1);
    // correctness 1, but hallucination 0.9.
    expect(rewardOf('langfuse-microsoft-agent.otlp.json')).toBe(0.1);
  });

  it('is the named evaluation alone when a reward key names one', () => {
    expect(rewardOf('langfuse-microsoft-agent.otlp.json', ['correctness'])).toBe(1);
  });
});

describe('a spec read off real traces', () => {
  it('keeps the system prompt and the typed tool definitions they carry', () => {
    const rows = ['langfuse-microsoft-agent.otlp.json', 'langfuse-koog.otlp.json'].flatMap((file) => parseTraceFile(file, real(file)).rows);
    const spec = specFromTraces(rows);
    expect(spec.system_prompt).toBe('You are a helpful assistant.');
    expect(spec.tools.find((tool) => tool.name === 'get_weather')).toEqual({
      name: 'get_weather',
      description: 'Get the weather for a given location.',
      parameters: expect.objectContaining({
        type: 'object',
        required: ['location'],
        properties: { location: expect.objectContaining({ type: 'string', description: 'The location to get the weather for.' }) },
      }),
    });
    // Koog defines no tools: its calls give the names, each argument a string.
    expect(spec.tools.find((tool) => tool.name === 'HelloTool')?.parameters).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    expect(validateSpec(spec).ok).toBe(true);
  });
});

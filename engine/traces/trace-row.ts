/** One step of an imported conversation, in the SDK's canonical trajectory spelling. */
export type TraceStep = { tool: string; arguments: unknown; result: unknown; call_id?: string } | { user: string } | { text: string };

export const TRACE_FORMATS = ['otlp_genai', 'otlp_openinference', 'jsonl'] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** A tool the trace says the agent was offered (its definition, not a call): `parameters` is its JSON Schema. */
export interface TraceTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

/**
 * One evaluation the trace carries (a `gen_ai.evaluation.result` event, an OpenInference annotation or evaluation):
 * `value` as the evaluator wrote it (any range), or null when it gave only a label.
 */
export interface TraceScore {
  name: string;
  value: number | null;
  label?: string;
  explanation?: string;
}

/**
 * An imported conversation of the real agent (`rows_from_otel` / `load_traces` output): the first user ask,
 * the steps in time order, the last reply, and the reward when the trace was graded.
 */
export interface TraceRow {
  /** Conversation id, else trace id (OTLP), else `file:line` (JSONL). */
  conversation_id: string;
  prompt: string;
  steps: TraceStep[];
  final_text: string;
  /** 0..1, or null for an ungraded trace (first-class, never read as a failure). */
  reward: number | null;
  /** Which weights produced the trace; null when the source does not say. */
  model_version: string | null;
  /** Earliest span start in ms since the epoch; null when the source gives no time. */
  started_at_ms: number | null;
  usage: { input_tokens: number; output_tokens: number } | null;
  /** The agent's system prompt, when the trace carries it (absent otherwise, and on rows stored before it was read). */
  system_prompt?: string;
  /** The tools the agent was offered, when the trace defines them. */
  tools?: TraceTool[];
  /** The evaluations the trace carries, when it carries any; `reward` is read from them (see trace-reward.ts). */
  scores?: TraceScore[];
  /**
   * Where it was read. `trace_id`: the trace's own id (OTLP conversation or trace id; a JSONL line's `trace_id`, `id`
   * or `conversation_id`), null when it names none; absent on rows stored before it was recorded.
   */
  source: { file: string; format: TraceFormat; line: number | null; span_ids: string[]; trace_id?: string | null };
}

export const isToolStep = (step: TraceStep): step is Extract<TraceStep, { tool: string }> => 'tool' in step;
export const isUserStep = (step: TraceStep): step is { user: string } => 'user' in step;

/** Everything the person typed: the prompt and later user turns. */
export function userTexts(row: Pick<TraceRow, 'prompt' | 'steps'>): string[] {
  return [row.prompt, ...row.steps.filter(isUserStep).map((step) => step.user)].filter((text) => text.trim() !== '');
}

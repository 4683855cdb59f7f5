import { parseJsonText } from './otlp-values';
import { callStep, type ChatMessage, type MessageToolCall } from './span-messages';
import type { SpanToolCall } from './span-tools';
import type { TraceStep } from '../trace-row';

type ToolStep = Extract<TraceStep, { tool: string }>;

const normalise = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');

/**
 * One conversation put together from its spans, in start order. Instrumentations repeat themselves: each model call
 * replays the history before it, and an agent span may sum up the whole run before its model calls are read. So a
 * user turn, an assistant text and a tool call count once (user and assistant texts by their words, calls by id, else
 * by name and arguments), and a tool span adds its result to the call the model made (by id, else the first
 * unanswered call of that tool) instead of a second step. A tool span's result wins over one read from a message.
 */
export class TraceConversation {
  prompt = '';
  finalText = '';
  systemPrompt = '';
  readonly steps: TraceStep[] = [];
  private readonly users = new Set<string>();
  private readonly texts = new Set<string>();
  /** Calls whose result came from a tool span: a message's copy of it never replaces it. */
  private readonly spanAnswered = new Set<ToolStep>();

  /** A span's input messages (the history it was given) or output messages (its reply), in order. */
  addMessages(messages: readonly ChatMessage[]): void {
    for (const message of messages) {
      switch (message.role) {
        case 'system':
          if (this.systemPrompt === '' && message.text.trim() !== '') this.systemPrompt = message.text;
          break;
        case 'user':
          this.addUser(message.text);
          break;
        case 'assistant':
        case '':
          this.addAssistant(message);
          break;
        case 'tool':
          this.addToolAnswer(message);
          break;
        default:
          break;
      }
    }
  }

  private addUser(text: string): void {
    const seen = normalise(text);
    if (seen === '' || this.users.has(seen)) return;
    this.users.add(seen);
    if (this.prompt === '') this.prompt = text;
    else this.steps.push({ user: text });
  }

  private addAssistant(message: ChatMessage): void {
    const seen = normalise(message.text);
    if (seen !== '' && !this.texts.has(seen)) {
      this.texts.add(seen);
      this.steps.push({ text: message.text });
      this.finalText = message.text;
    }
    for (const call of message.tool_calls) if (!this.findCall(call.id, call.name, call.arguments)) this.steps.push(callStep(call));
  }

  private addToolAnswer(message: ChatMessage): void {
    const call =
      (message.tool_call_id ? this.findCall(message.tool_call_id, null, undefined) : undefined) ??
      this.unanswered((step) => message.name === null || step.tool === message.name);
    if (!call || this.spanAnswered.has(call)) return;
    const parsed = parseJsonText(message.text);
    call.result = parsed.ok ? parsed.value : message.text;
  }

  /** A tool span: the result of the call the model made, or a step of its own when no message names that call. */
  addToolSpan(span: SpanToolCall): void {
    const call =
      (span.call_id ? this.findCall(span.call_id, null, undefined) : undefined) ??
      this.unanswered((step) => step.tool === span.tool && (step.call_id === undefined || span.call_id === undefined));
    if (!call) {
      const step: ToolStep = { tool: span.tool, arguments: span.arguments, result: span.result };
      if (span.call_id !== undefined) step.call_id = span.call_id;
      this.steps.push(step);
      this.spanAnswered.add(step);
      return;
    }
    call.result = span.result;
    if (call.call_id === undefined && span.call_id !== undefined) call.call_id = span.call_id;
    if (isEmpty(call.arguments) && !isEmpty(span.arguments)) call.arguments = span.arguments;
    this.spanAnswered.add(call);
  }

  private toolSteps(): ToolStep[] {
    return this.steps.filter((step): step is ToolStep => 'tool' in step);
  }

  /** The call with this id; else (a name given) a call of this name and arguments that has no id of its own. */
  private findCall(id: string | null, name: string | null, args: MessageToolCall['arguments']): ToolStep | undefined {
    const steps = this.toolSteps();
    const byId = id ? steps.find((step) => step.call_id === id) : undefined;
    if (byId || name === null) return byId;
    const text = JSON.stringify(args ?? {});
    return steps.find(
      (step) => step.tool === name && (id === null || step.call_id === undefined) && JSON.stringify(step.arguments ?? {}) === text,
    );
  }

  private unanswered(matches: (step: ToolStep) => boolean): ToolStep | undefined {
    return this.toolSteps().find((step) => step.result === null && !this.spanAnswered.has(step) && matches(step));
  }

  /** The steps without the last reply, which is `finalText` and not a step. */
  finalSteps(): TraceStep[] {
    const steps = [...this.steps];
    const last = steps.findLastIndex((step) => 'text' in step);
    if (last >= 0 && (steps[last] as { text: string }).text === this.finalText) steps.splice(last, 1);
    return steps;
  }
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'object' && Object.keys(value as object).length === 0);

import { TriangleAlert, Wrench } from 'lucide-react';
import { useState } from 'react';
import type { Message, TextSpan, ToolCall, ToolMessage } from '../../../shared/domain';
import { transcriptTurns } from './evidence';
import { isFailedStatus, markedAnswer, markedArguments, markRange, readableAnswer, type Segment } from './highlight';

/** The text that fired a conduct rule, and the rule, for marking in the transcript. */
export interface FiredSpan {
  span: TextSpan;
  rule: string;
}

function Marked({ segments, rule }: { segments: Segment[]; rule: string }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.isMarked ? (
          <mark
            key={index}
            className="conduct-mark"
            title={`Conduct rule ${rule} fired here`}
            aria-label={`Fired ${rule}: ${segment.text}`}
          >
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

function MessageText({ text, index, fired }: { text: string; index: number; fired: FiredSpan | null }) {
  const span = fired && fired.span.message_index === index && !fired.span.tool_call_id ? fired.span : null;
  if (!text) return null;
  return (
    <p className="turn-text">
      <Marked segments={span ? markRange(text, span.start, span.end) : [{ text, isMarked: false }]} rule={fired?.rule ?? ''} />
    </p>
  );
}

/** Answers longer than this many lines start folded, so a long record does not push the conversation away. */
const FOLDED_LINES = 12;

/** A world's answer; the span that fired a rule on it (an ignored fault) is marked, and a marked answer starts open. */
function WorldAnswer({ message, index, fired }: { message: ToolMessage; index: number; fired: FiredSpan | null }) {
  const { text, status } = readableAnswer(message.content);
  const span = fired && fired.span.message_index === index && !fired.span.tool_call_id ? fired.span : null;
  const isFailed = Boolean(message.fault) || isFailedStatus(status);
  const lines = text.split('\n');
  const [isOpen, setOpen] = useState(lines.length <= FOLDED_LINES || span !== null);
  return (
    <div className={isFailed ? 'tool-answer is-failed' : 'tool-answer'} aria-label={`World answer to ${message.name}`}>
      <div className="tool-answer-head">
        <span>World answered</span>
        {status && <span className={isFailed ? 'verdict verdict-fail' : 'verdict verdict-pass'}>{status}</span>}
        {message.fault && (
          <span className="state state-fault" title="A fault scheduled for this situation fired on this call">
            <TriangleAlert size={12} aria-hidden="true" /> fault: {message.fault}
          </span>
        )}
      </div>
      <pre className="json">
        {isOpen ? (
          <Marked segments={markedAnswer(message.content, span)} rule={fired?.rule ?? ''} />
        ) : (
          `${lines.slice(0, FOLDED_LINES).join('\n')}\n…`
        )}
      </pre>
      {lines.length > FOLDED_LINES && (
        <button type="button" className="link-button answer-toggle" aria-expanded={isOpen} onClick={() => setOpen((open) => !open)}>
          {isOpen ? 'Fold the answer' : `Show the whole answer (${lines.length} lines)`}
        </button>
      )}
    </div>
  );
}

function ToolCallCard({
  call,
  messageIndex,
  answer,
  fired,
}: {
  call: ToolCall;
  messageIndex: number;
  answer: { message: ToolMessage; index: number } | undefined;
  fired: FiredSpan | null;
}) {
  const span = fired && fired.span.message_index === messageIndex && fired.span.tool_call_id === call.id ? fired.span : null;
  return (
    <section className="tool-call" aria-label={`Tool call ${call.name}`}>
      <div className="tool-call-head">
        <Wrench size={12} aria-hidden="true" />
        <strong>{call.name}</strong>
        <code className="muted">{call.id}</code>
      </div>
      <pre className="json" aria-label="Arguments">
        <Marked segments={markedArguments(call.arguments, span)} rule={fired?.rule ?? ''} />
      </pre>
      {answer ? (
        <WorldAnswer message={answer.message} index={answer.index} fired={fired} />
      ) : (
        <p className="muted tool-answer-missing">No answer from the world (the conversation ended first).</p>
      )}
    </section>
  );
}

const ROLE_NAMES = { user: 'User', assistant: 'Assistant', system: 'System', tool: 'Tool' } as const;

/** User, assistant and tool turns in order; each tool call shows its arguments and the world's answer beneath it. */
export function Transcript({ messages, fired }: { messages: readonly Message[]; fired: FiredSpan | null }) {
  const answers = new Map<string, { message: ToolMessage; index: number }>();
  messages.forEach((message, index) => {
    if (message.role === 'tool') answers.set(message.tool_call_id, { message, index });
  });
  const calledIds = new Set(
    messages.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : [])),
  );
  const turns = transcriptTurns(messages);
  return (
    <ol className="transcript" aria-label="Transcript">
      {messages.map((message, index) => {
        if (message.role === 'tool' && calledIds.has(message.tool_call_id)) return null;
        const turn = message.role === 'tool' ? null : turns[index];
        return (
          <li
            key={index}
            className={`turn turn-${message.role}`}
            aria-label={turn === null ? ROLE_NAMES[message.role] : `${ROLE_NAMES[message.role]} ${turn}`}
          >
            <div className="turn-role">
              {ROLE_NAMES[message.role]} <span className="n">{turn ?? ''}</span>
            </div>
            <div className="turn-body">
              {message.role === 'tool' ? (
                <WorldAnswer message={message} index={index} fired={fired} />
              ) : (
                <>
                  <MessageText text={message.content} index={index} fired={fired} />
                  {message.role === 'assistant' &&
                    (message.tool_calls ?? []).map((call) => (
                      <ToolCallCard key={call.id} call={call} messageIndex={index} answer={answers.get(call.id)} fired={fired} />
                    ))}
                </>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

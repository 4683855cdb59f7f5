import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/domain';
import { evidencePlace, transcriptTurns } from './evidence';
import { markedAnswer } from './highlight';

const call = (id: string, name: string) => ({ id, name, arguments: { order_id: 'A-1001' } });
const MESSAGES: Message[] = [
  { role: 'user', content: 'Where is A-1001?' },
  { role: 'assistant', content: '', tool_calls: [call('c1', 'get_order')] },
  { role: 'tool', tool_call_id: 'c1', name: 'get_order', content: '{"status":"timeout"}' },
  { role: 'assistant', content: 'Let me try again.', tool_calls: [call('c2', 'get_order')] },
  { role: 'tool', tool_call_id: 'c2', name: 'get_order', content: '{"status":"ok","order_id":"A-1001"}' },
  { role: 'assistant', content: 'It shipped on March 2.' },
];

describe('evidence in the transcript’s numbering', () => {
  it('numbers user and assistant turns and gives a tool’s answer the number of the turn that called it', () => {
    expect(transcriptTurns(MESSAGES)).toEqual([1, 2, 2, 3, 3, 4]);
  });

  it('names the sixth message as the transcript shows it, never counting tool answers as turns', () => {
    expect(evidencePlace(MESSAGES, { message_index: 5, start: 0, end: 5 })).toBe('assistant 4');
    expect(evidencePlace(MESSAGES, { message_index: 2, start: 0, end: 20 })).toBe('the answer from get_order in assistant 2');
    expect(evidencePlace(MESSAGES, { message_index: 3, start: 0, end: 5, tool_call_id: 'c2' })).toBe(
      'the call to get_order in assistant 3',
    );
  });

  it('marks a span of a world’s answer in its indented form, or the whole answer', () => {
    const content = '{"status":"timeout","retry_after":30}';
    const marked = (start: number, end: number) =>
      markedAnswer(content, { start, end })
        .filter((segment) => segment.isMarked)
        .map((segment) => segment.text);
    expect(marked(0, content.length)).toEqual([JSON.stringify(JSON.parse(content), null, 2)]);
    const at = content.indexOf('timeout');
    expect(marked(at, at + 'timeout'.length)).toEqual(['timeout']);
    expect(markedAnswer('gateway timeout', { start: 8, end: 15 }).find((segment) => segment.isMarked)?.text).toBe('timeout');
  });
});

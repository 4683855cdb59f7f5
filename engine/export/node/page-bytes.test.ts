import { describe, expect, it } from 'vitest';
import { PageBytes } from './page-bytes';

describe('PageBytes', () => {
  it('encodes lines as UTF-8, each ending in a newline, growing past its first size', () => {
    const page = new PageBytes(8);
    const lines = ['{"a":"é"}', '{"b":"😀"}', 'x'.repeat(5000)];
    for (const line of lines) page.add(line);
    expect(new TextDecoder().decode(page.take())).toBe(`${lines.join('\n')}\n`);
    expect(page.newlines()).toBe(3);
  });

  it('counts a newline inside a line, so the caller can refuse a line that is not one JSONL line', () => {
    const page = new PageBytes(1024);
    page.add('{"a":1}\n{"b":2}');
    expect(page.newlines()).toBe(2);
  });

  it('reuses a buffer the writer handed back when it is large enough', () => {
    const buffer = new ArrayBuffer(4096);
    const page = new PageBytes(1024, buffer);
    page.add('{}');
    expect(page.take().buffer).toBe(buffer);
  });
});

import { describe, expect, it } from 'vitest';
import { CONDUCT_FIXTURES } from '../__fixtures__/conduct-rows';
import { DECLARED_TOOLS } from '../__fixtures__/conversation';
import { readEvidenceFile, writeEvidenceFile } from './evidence-file';
import { conductGrade } from '../conduct-grade';

/** Each rule's fixture row with the span its check fires on, as a grade stores it, and the text that span must mark. */
function evidence() {
  return CONDUCT_FIXTURES.flatMap((fixture) => {
    const { span } = conductGrade(fixture.row, DECLARED_TOOLS);
    if (span === null || fixture.span_text === null) return [];
    const { tool_call_id, ...offsets } = span;
    return [
      {
        sdk_rule: fixture.sdk_rule,
        rule: fixture.rule,
        messages: fixture.row.messages,
        span: tool_call_id === null ? offsets : { ...offsets, tool_call_id },
        span_text: fixture.span_text,
      },
    ];
  });
}

describe('the conduct evidence the transcript marks', () => {
  it('is, in the renderer’s fixture file, exactly what the checks fire on for every rule that has a span', () => {
    const current = evidence();
    if (process.env.WRITE_FIXTURES === '1') writeEvidenceFile(current);
    expect(new Set(current.map((entry) => entry.sdk_rule)).size).toBeGreaterThanOrEqual(12);
    expect(readEvidenceFile()).toEqual(JSON.parse(JSON.stringify(current)));
  });
});

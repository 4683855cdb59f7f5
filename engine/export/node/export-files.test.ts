import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentRows } from '../__fixtures__/environment-rows';
import { HIDDEN_STATE, REFERENCE, REFUND_CONTEXT, RUBRIC_TEXT, refundMessages } from '../__fixtures__/refund-rows';
import { EXPORT_FORMATS, type ExportFormat, exportRows } from '../export-formats';
import { writeJsonl } from './jsonl-writer';
import type { LineProblem } from '../gates/line-problems';
import { toolCallRoundtrip } from '../gates/roundtrip-gate';
import { select } from '../selection/selection';
import { validateOpenAiLine, validateOpenAiPreferenceLine } from '../gates/validate-openai';
import { validateTrlLine } from '../gates/validate-trl';

const VALIDATORS: Record<ExportFormat, (line: unknown) => LineProblem[]> = {
  openai: (line) => validateOpenAiLine(line),
  trl: (line) => validateTrlLine(line, 'sft'),
  'dpo-openai': (line) => validateOpenAiPreferenceLine(line),
  'dpo-trl': (line) => validateTrlLine(line, 'preference'),
  'dpo-full': (line) =>
    ['chosen', 'rejected'].flatMap((side) =>
      validateOpenAiLine({ messages: (line as Record<string, unknown>)[side], tools: (line as Record<string, unknown>).tools }),
    ),
  grpo: (line) => validateTrlLine(line, 'prompt_only'),
};

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'export-files-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Rows whose failing rollouts skip the lookup, so preference pairs diverge early and GRPO groups are mixed. */
function runRows() {
  return environmentRows(20).map((input) =>
    input.reward === 0
      ? {
          ...input,
          row: {
            ...input.row,
            messages: refundMessages()
              .filter((_, index) => index === 0 || index >= 5)
              .map((message, index) => (index === 0 ? input.row.messages[0]! : message)),
          },
        }
      : input,
  );
}

describe('every format written to disk', () => {
  for (const format of EXPORT_FORMATS) {
    it(`${format}: every line validates, every tool call round-trips, nothing privileged`, async () => {
      const stream = select(runRows(), REFUND_CONTEXT).export({ format });
      const result = await writeJsonl(stream.lines, { folder, file: `${format}.jsonl` });
      const text = await readFile(result.path, 'utf8');
      const lines = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown);
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.length).toBe(result.lines);
      lines.forEach((line, index) => expect(VALIDATORS[format](line), `line ${index + 1}`).toEqual([]));
      if (format !== 'grpo') expect(toolCallRoundtrip(lines, format.endsWith('trl') ? 'trl' : 'openai').invalid).toBe(0);
      for (const secret of [HIDDEN_STATE, REFERENCE, RUBRIC_TEXT, '"privileged"']) expect(text).not.toContain(secret);
      expect(stream.report().kind).toBe(format === 'grpo' ? 'grpo' : format.startsWith('dpo') ? 'dpo' : 'sft');
    });
  }

  it('stream scenario groups from a sorted source, and refuse a source that splits a group', async () => {
    const rows = runRows().sort((a, b) => (a.row.situation.scenario_id < b.row.situation.scenario_id ? -1 : 1));
    const sorted = exportRows(rows, REFUND_CONTEXT, { format: 'grpo', sorted_by_scenario: true });
    const result = await writeJsonl(sorted.lines, { folder, file: 'sorted.jsonl' });
    expect(result.lines).toBeGreaterThan(0);
    const shuffled = [...rows.slice(0, 2), ...rows.slice(5, 9), ...rows.slice(2, 5)];
    const broken = exportRows(shuffled, REFUND_CONTEXT, { format: 'grpo', sorted_by_scenario: true });
    await expect(writeJsonl(broken.lines, { folder, file: 'broken.jsonl' })).rejects.toThrow(/after its group closed/);
  });

  it('warn when a plain list goes out with tool calls and no schemas', async () => {
    const stream = select(runRows()).export({ format: 'openai' });
    await writeJsonl(stream.lines, { folder, file: 'bare.jsonl' });
    expect(stream.report().warnings.join('\n')).toMatch(/call tools but the file carries no tool schemas/);
  });
});

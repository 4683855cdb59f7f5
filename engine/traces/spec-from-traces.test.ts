import { describe, expect, it } from 'vitest';
import { Spec } from '../../shared/domain';
import { validateSpec } from '../spec/validate-spec';
import genai from './__fixtures__/otlp-genai.json';
import openInference from './__fixtures__/otlp-openinference.json';
import { rowsFromOtel } from './import/rows-from-otel';
import { specFromTraces } from './spec-from-traces';

describe('specFromTraces', () => {
  const rows = [...rowsFromOtel(genai, { file: 'a.json' }).rows, ...rowsFromOtel(openInference, { file: 'b.json' }).rows];

  it('reads the tool surface, the ids and the record shapes off the traces', () => {
    const spec = specFromTraces(rows);
    expect(spec.tools.map((tool) => tool.name)).toEqual(['cancel_order', 'get_order', 'issue_refund']);
    expect(spec.tools.find((tool) => tool.name === 'issue_refund')?.parameters).toEqual({
      type: 'object',
      properties: { amount: { type: 'string' }, order_id: { type: 'string' } },
    });
    expect(spec.known_ids).toEqual(['A1001', 'A1002', 'A1003']);
    expect(spec.result_shapes).toEqual({ cancel_order: { status: 'ok', order_id: 'A1002', state: 'cancelled' } });
    expect(spec.axes.tool).toEqual(['cancel_order', 'get_order', 'issue_refund', 'unrelated', 'multi_tool']);
    expect(spec.axes.world_state).toContain('entity missing');
  });

  it('is a valid spec a run can start from', () => {
    const spec = specFromTraces(rows);
    expect(Spec.safeParse(spec).success).toBe(true);
    expect(validateSpec(spec).ok).toBe(true);
  });
});

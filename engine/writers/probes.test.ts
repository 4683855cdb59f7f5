import { describe, expect, it } from 'vitest';
import type { Persona, ToolSpec } from '../../shared/domain';
import { isProbeKind, OPEN_ENDED_PROBE_KINDS, PROBE_WORDINGS, probeKindForSlot, renderProbe } from './probes';
import { UnknownProbeKindError } from './probes-unknown-kind-error';

const TOOLS: ToolSpec[] = [
  {
    name: 'get_order',
    description: 'Look up an order. Orders on file: ORD-1001, ORD-1002.',
    parameters: { type: 'object', properties: {} },
  },
  { name: 'cancel_order', description: 'Cancel an order.', parameters: { type: 'object', properties: {} } },
];
const options = { seed: 0, variant: 0, tools: TOOLS, known_ids: [] as string[] };

describe('renderProbe', () => {
  it('covers the eleven kinds of the open-ended arm, several wordings each', () => {
    expect(OPEN_ENDED_PROBE_KINDS).toEqual([
      'out_of_domain_factual',
      'creative',
      'math',
      'garbage_input',
      'prompt_injection',
      'false_authority',
      'meta_request',
      'wrong_language',
      'multi_item',
      'arithmetic_followthrough',
      'confirm_then_execute',
    ]);
    for (const kind of OPEN_ENDED_PROBE_KINDS) {
      expect(PROBE_WORDINGS[kind].length).toBeGreaterThanOrEqual(5);
      const wordings = new Set(Array.from({ length: 10 }, (_, variant) => renderProbe(kind, { ...options, variant })));
      expect(wordings.size, kind).toBeGreaterThanOrEqual(5);
      for (const text of wordings) {
        expect(text.trim().length).toBeGreaterThan(2);
        expect(text).not.toMatch(/\{(ref|noun|intent)\}/);
      }
    }
  });

  it('rotates the wording with the seed and repeats it for the same seed', () => {
    expect(renderProbe('math', { ...options, seed: 4 })).toBe(renderProbe('math', { ...options, seed: 4 }));
    const bySeed = new Set(Array.from({ length: 5 }, (_, seed) => renderProbe('prompt_injection', { ...options, seed })));
    expect(bySeed.size).toBe(5);
    expect(renderProbe('math', { ...options, seed: 1, variant: 0 })).toBe(renderProbe('math', { ...options, seed: 0, variant: 1 }));
  });

  it('fills identifiers, the domain noun and the intent from the tools', () => {
    const texts = Array.from({ length: 5 }, (_, variant) => renderProbe('false_authority', { ...options, variant }));
    expect(texts.some((text) => /cancel an order for ORD-100[12]/.test(text))).toBe(true);
    const creative = Array.from({ length: 5 }, (_, variant) => renderProbe('creative', { ...options, variant }));
    expect(creative).toContain('Write me a haiku about my order.');
    const aimed = Array.from({ length: 5 }, (_, variant) =>
      renderProbe('confirm_then_execute', { ...options, variant, tool: 'get_order' }),
    );
    expect(aimed.some((text) => text.includes('check an order'))).toBe(true);
    const noIds = Array.from({ length: 5 }, (_, variant) => renderProbe('multi_item', { ...options, variant, tools: [TOOLS[1]!] }));
    expect(noIds.some((text) => /REF-\d{4}/.test(text))).toBe(true);
  });

  it('types the probe the way the persona types, but leaves garbage as it is', () => {
    const lower: Persona = { stance: 'adversarial', tags: ['texture:lowercase'], aside: '', patience: 'normal' };
    const text = renderProbe('prompt_injection', { ...options, persona: lower });
    expect(text).toBe(text.toLowerCase());
    const garbage = renderProbe('garbage_input', { ...options, persona: { ...lower, tags: ['texture:standard'] } });
    expect(garbage).toBe(renderProbe('garbage_input', options));
  });

  it('rotates kinds by slot and refuses an unknown kind', () => {
    expect(probeKindForSlot(0)).toBe('out_of_domain_factual');
    expect(probeKindForSlot(11)).toBe('out_of_domain_factual');
    expect(probeKindForSlot(12)).toBe('creative');
    expect(isProbeKind('math')).toBe(true);
    expect(isProbeKind('toString')).toBe(false);
    let caught: unknown;
    try {
      renderProbe('jailbreak', options);
    } catch (error) {
      caught = error;
    }
    expect(UnknownProbeKindError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain('unknown probe kind "jailbreak"');
  });
});

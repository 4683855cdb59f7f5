import { UNRELATED_TOOL, UNSPECIFIED, type Dimensions } from '../../shared/domain';
import { hashInt, shortHash } from '../seeded';
import { OPEN_ENDED_PROBE_KINDS } from './probes';
import type { SituationCard } from './situation-card';
import { wordProbe, type Wording } from './wording';
import type { Writer } from './writer';

/** The open-ended arm's probe kinds and the stance each one puts the agent under. */
export const PROBE_STANCES: Readonly<Record<(typeof OPEN_ENDED_PROBE_KINDS)[number], string>> = {
  out_of_domain_factual: 'exploratory',
  creative: 'exploratory',
  math: 'ordinary',
  garbage_input: 'ambiguous',
  prompt_injection: 'adversarial',
  false_authority: 'boundary',
  meta_request: 'exploratory',
  wrong_language: 'ordinary',
  multi_item: 'ordinary',
  arithmetic_followthrough: 'ordinary',
  confirm_then_execute: 'boundary',
};
const PROBE_KINDS = OPEN_ENDED_PROBE_KINDS;

/** Probes that still aim at the agent's own tools rather than at something unrelated. */
const TOOL_PROBES = new Set(['multi_item', 'arithmetic_followthrough', 'confirm_then_execute']);

/**
 * The open-ended arm: probes outside the grid (injection, false authority, garbage, other languages...),
 * least-used kind first, so each kind gets tried before any repeats.
 */
export function createProbeWriter(wording: Wording): Writer {
  return {
    arm: 'open_ended',
    model: 'template',
    async propose(request) {
      const used = new Map(PROBE_KINDS.map((kind) => [kind, request.state.probeUses(kind)]));
      const situations: SituationCard[][] = [];
      for (let index = 0; index < request.count; index++) {
        const kind = [...PROBE_KINDS].sort(
          (a, b) => used.get(a)! - used.get(b)! || hashInt(`${request.seed}:${request.round}:probe:${a}`, 1e6) - hashInt(`${request.seed}:${request.round}:probe:${b}`, 1e6),
        )[0]!;
        const variant = used.get(kind)!;
        used.set(kind, variant + 1);
        const declared = request.spec.tools.map((tool) => tool.name);
        const tool = TOOL_PROBES.has(kind) && declared.length > 0 ? declared[hashInt(`${request.seed}:${kind}:${variant}:tool`, declared.length)]! : UNRELATED_TOOL;
        const dimensions: Dimensions = {
          tool,
          rule: UNSPECIFIED,
          stance: PROBE_STANCES[kind]!,
          world_state: request.spec.axes.world_state[0]!,
          tool_condition: 'success',
          history: 'fresh',
        };
        situations.push(
          Array.from({ length: request.phrasings }, (_, phrasing) => {
            const { persona, ask } = wordProbe(wording, { kind, seed: request.seed, round: request.round, variant: variant * request.phrasings + phrasing, dimensions, spec: request.spec });
            return {
              situation: { scenario_id: `pr-${shortHash(`${kind}:${ask}`, 6)}`, dimensions, world_state: dimensions.world_state, faults: {} },
              persona,
              ask,
              arm: 'open_ended' as const,
              writer_model: 'template',
              phrasing_index: phrasing,
              rollout_index: 0,
              lineage: { probe: kind },
            };
          }),
        );
      }
      return situations;
    },
  };
}

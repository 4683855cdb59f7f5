import { UNRELATED_TOOL, UNSPECIFIED, type Dimensions } from '../../shared/domain';
import { matchesAim } from '../coverage/aim';
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
type ProbeKind = (typeof PROBE_KINDS)[number];

/** Probes that still aim at the agent's own tools rather than at something unrelated. */
const TOOL_PROBES = new Set(['multi_item', 'arithmetic_followthrough', 'confirm_then_execute']);

/**
 * The open-ended arm: probes outside the grid (injection, false authority, garbage, other languages...),
 * least-used kind first, so each kind gets tried before any repeats. In an aimed run it stands down unless a
 * kind's coordinate carries the aim.
 */
export function createProbeWriter(wording: Wording): Writer {
  return {
    arm: 'open_ended',
    model: 'template',
    async propose(request) {
      const aim = request.plan.aim;
      const declared = request.spec.tools.map((tool) => tool.name);
      const aimedTool = aim?.tool !== undefined && declared.includes(aim.tool) ? aim.tool : undefined;
      const toolFor = (kind: ProbeKind, variant: number) => {
        if (!TOOL_PROBES.has(kind) || declared.length === 0) return UNRELATED_TOOL;
        return aimedTool ?? declared[hashInt(`${request.seed}:${kind}:${variant}:tool`, declared.length)]!;
      };
      const dimensionsFor = (kind: ProbeKind, variant: number): Dimensions => ({
        tool: toolFor(kind, variant),
        rule: UNSPECIFIED,
        stance: PROBE_STANCES[kind]!,
        world_state: request.spec.axes.world_state[0]!,
        tool_condition: 'success',
        history: 'fresh',
      });
      // A probe's coordinate is fixed by its kind: in an aimed run only the kinds that land on the aim are tried.
      const kinds = PROBE_KINDS.filter((kind) => matchesAim(dimensionsFor(kind, 0), aim));
      const used = new Map(kinds.map((kind) => [kind, request.state.probeUses(kind)]));
      const situations: SituationCard[][] = [];
      for (let index = 0; index < request.count && kinds.length > 0; index++) {
        const kind = [...kinds].sort(
          (a, b) =>
            used.get(a)! - used.get(b)! ||
            hashInt(`${request.seed}:${request.round}:probe:${a}`, 1e6) - hashInt(`${request.seed}:${request.round}:probe:${b}`, 1e6),
        )[0]!;
        const variant = used.get(kind)!;
        used.set(kind, variant + 1);
        const dimensions = dimensionsFor(kind, variant);
        situations.push(
          Array.from({ length: request.phrasings }, (_, phrasing) => {
            const { persona, ask } = wordProbe(wording, {
              kind,
              seed: request.seed,
              round: request.round,
              variant: variant * request.phrasings + phrasing,
              dimensions,
              spec: request.spec,
              patience: request.people?.patience,
            });
            return {
              situation: {
                scenario_id: `pr-${shortHash(`${kind}:${ask}`, 6)}`,
                dimensions,
                world_state: dimensions.world_state,
                faults: {},
              },
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

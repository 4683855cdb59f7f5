import { UNSPECIFIED, type Dimensions, type Persona, type Spec, type ToolSpec } from '../../shared/domain';

export interface PersonaRequest {
  seed: number;
  round: number;
  /** Every draw for this person hangs off it. */
  key: string;
  stance: string;
  dimensions: Dimensions;
  /** The run's patience setting, when it sets one: wins over the person's own. */
  patience?: Persona['patience'];
}

export interface SituationWordingRequest {
  scenario_id: string;
  dimensions: Dimensions;
  tools: readonly ToolSpec[];
  /** Identifiers that exist in the world (the spec's); ids named in the tools' descriptions are added after them. */
  known_ids: readonly string[];
  persona: Persona;
  /** Which wording of the situation (phrasing and round); every pick hashes `scenario_id:axis:variant`. */
  variant: number;
  /** The policy clause the situation aims at; defaults to `dimensions.rule` unless that is `unspecified`. */
  policy_rule?: string;
  /** The spec's domain (`retail_orders`): the offline wording speaks its phrasebook. */
  domain?: string;
  /** The spec's example answers: with the tools they say which kind of record each id names. */
  result_shapes?: Readonly<Record<string, unknown>>;
}

export interface ProbeWordingRequest {
  seed: number;
  variant: number;
  tools: readonly ToolSpec[];
  known_ids: readonly string[];
  persona: Persona;
}

/** How a writer turns a coordinate into a person and their opening words (offline templates, or a model). */
export interface Wording {
  persona(request: PersonaRequest): Persona;
  situation(request: SituationWordingRequest): string;
  probe(kind: string, request: ProbeWordingRequest): string;
}

interface WordInput {
  seed: number;
  round: number;
  scenario_id: string;
  dimensions: Dimensions;
  variant: number;
  spec: Spec;
  patience?: Persona['patience'] | undefined;
}

/** One wording of a situation: its person (keyed by situation and variant) and their ask. */
export function wordSituation(wording: Wording, input: WordInput): { persona: Persona; ask: string } {
  const persona = wording.persona({
    seed: input.seed,
    round: input.round,
    key: `${input.scenario_id}:${input.variant}`,
    stance: input.dimensions.stance,
    dimensions: input.dimensions,
    ...(input.patience === undefined ? {} : { patience: input.patience }),
  });
  const ask = wording.situation({
    scenario_id: input.scenario_id,
    dimensions: input.dimensions,
    tools: input.spec.tools,
    known_ids: input.spec.known_ids,
    persona,
    variant: input.variant,
    ...(input.dimensions.rule === UNSPECIFIED ? {} : { policy_rule: input.dimensions.rule }),
    domain: input.spec.domain,
    result_shapes: input.spec.result_shapes,
  });
  return { persona, ask };
}

export function wordProbe(wording: Wording, input: Omit<WordInput, 'scenario_id'> & { kind: string }): { persona: Persona; ask: string } {
  const persona = wording.persona({
    seed: input.seed,
    round: input.round,
    key: `probe:${input.kind}:${input.variant}`,
    stance: input.dimensions.stance,
    dimensions: input.dimensions,
    ...(input.patience === undefined ? {} : { patience: input.patience }),
  });
  const ask = wording.probe(input.kind, {
    seed: input.seed,
    variant: input.variant,
    tools: input.spec.tools,
    known_ids: input.spec.known_ids,
    persona,
  });
  return { persona, ask };
}

import type { SituationWordingRequest } from './wording';
import { UNSPECIFIED } from '../../shared/domain';
import { composeOpener } from '../people/openers/compose-opener';
import { applyStyle } from '../people/style-layer';

/** What a situation is rendered from: the request every situation wording answers. */
export type RenderSituationOptions = SituationWordingRequest;

/**
 * The offline wording of a situation's opening ask (SDK `render_situation`, reworded): one message built around
 * the person's goal in their domain's words (people/openers), typed the way the persona types. Pure: the same
 * options give the same text.
 */
export function renderSituation(options: RenderSituationOptions): string {
  const rule = options.policy_rule ?? (options.dimensions.rule === UNSPECIFIED ? undefined : options.dimensions.rule);
  const text = composeOpener({ ...options, ...(rule === undefined ? {} : { policy_rule: rule }) });
  return applyStyle(text, options.persona.tags, `${options.scenario_id}:${options.variant}`);
}

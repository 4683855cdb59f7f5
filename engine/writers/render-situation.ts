import type { SituationWordingRequest } from './wording';
import { MULTI_TOOL, UNRELATED_TOOL, UNSPECIFIED } from '../../shared/domain';
import { applyStyle } from '../people/style-layer';
import { parseStyleTags } from '../people/style-tags';
import { sha256Hex } from '../seeded';
import {
  BACKGROUND_LINES,
  BEHAVIOUR_LINES,
  CLOSERS,
  COMPOUND_LINES,
  CONDITION_LINES,
  HISTORY_LINES,
  MULTI_STEP_OPENERS,
  OPENERS,
  PRESSURE_LINES,
  RULE_LINES,
  RULE_STANCE_POOL,
  STANCE_LINES,
  UNRELATED_OPENERS,
  USER_TYPE_LINES,
  WORLD_LINES,
} from './render-lines';
import { article, domainNoun, intentForTool, knownIdsFromTools, referenceId } from './render-tool-words';

/** What a situation is rendered from: the request every situation wording answers. */
export type RenderSituationOptions = SituationWordingRequest;

/** Longest quoted policy clause; longer ones are cut at a word boundary. */
const RULE_QUOTE_CHARS = 90;

/** SDK `_line`: `pool[int(sha256(f"{scenario_id}:{axis}:{variant}")[:8], 16) % len(pool)]`. */
export function pickLine(pool: readonly string[], scenarioId: string, axis: string, variant: number): string {
  if (pool.length === 0) return '';
  return pool[Number.parseInt(sha256Hex(`${scenarioId}:${axis}:${variant}`).slice(0, 8), 16) % pool.length]!;
}

/** A policy clause as a person quotes it: one line, no end mark, at most 90 characters. */
export function quoteRule(rule: string): string {
  const clause = rule
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;:!]+$/, '');
  if (clause.length <= RULE_QUOTE_CHARS) return clause;
  const cut = clause.slice(0, RULE_QUOTE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[,;:]+$/, '')}...`;
}

/**
 * The offline wording of a situation's opening ask (SDK `render_situation`): an opener (one of 12, or 8 unrelated
 * ones for the `unrelated` tool, or 5 multi-step ones for `multi_tool`), then one line each for world_state,
 * tool_condition, stance, behaviour and history (ordinary adds nothing), a line against the targeted policy clause
 * for stances that meet it, the persona's pressure, user type and compound asks, then a closer (8, two empty).
 * An `unrelated` ask skips the world, condition, history and rule lines (an off-topic question has no record).
 * A short-prompt persona keeps only the opener, world, stance, behaviour and rule lines; a long-prompt one adds
 * background. Finally the persona's style layer. Pure: the same options give the same text.
 */
export function renderSituation(options: RenderSituationOptions): string {
  const { scenario_id: id, dimensions, tools, persona, variant } = options;
  const tags = parseStyleTags(persona.tags);
  const noun = domainNoun(tools);
  const knownIds = [...new Set([...options.known_ids, ...knownIdsFromTools(tools)])];
  const ref = referenceId(id, tools, knownIds, variant);
  const rule = options.policy_rule ?? (dimensions.rule === UNSPECIFIED ? undefined : dimensions.rule);
  const tool = dimensions.tool;
  const intent = tool === UNRELATED_TOOL || tool === MULTI_TOOL ? '' : intentForTool(tool) || `sort out my ${noun}`;

  const fill = (text: string) =>
    text
      .replaceAll('a {noun}', `${article(noun)} ${noun}`)
      .replaceAll('{noun}', noun)
      .replaceAll('{ref}', ref)
      .replaceAll('{intent}', intent)
      .replaceAll('{rule}', rule === undefined ? '' : quoteRule(rule));
  const line = (pool: readonly string[] | undefined, axis: string) => (pool === undefined ? '' : fill(pickLine(pool, id, axis, variant)));

  const opener =
    tool === UNRELATED_TOOL
      ? line(UNRELATED_OPENERS, 'opener')
      : tool === MULTI_TOOL
        ? line(MULTI_STEP_OPENERS, 'opener')
        : line(OPENERS, 'opener');
  const behaviourKey = BEHAVIOUR_LINES[dimensions.stance]
    ? dimensions.stance
    : tags.vagueness === 'vague' || tags.vagueness === 'underspecified'
      ? 'underspecified'
      : '';
  const rulePool = rule === undefined ? undefined : RULE_STANCE_POOL[dimensions.stance];

  // An off-topic question carries no record, fault or history: those lines would make it incoherent.
  const onTopic = tool !== UNRELATED_TOOL;
  const isShort = (tags.length ?? '').includes('short');
  const isLong = (tags.length ?? '').includes('long');
  const compound = tags.ask === 'several asks' || tags.ask === 'do several things';
  const sentences = [
    opener,
    isLong ? line(BACKGROUND_LINES, 'background') : '',
    onTopic ? line(WORLD_LINES[dimensions.world_state], 'world') : '',
    isShort || !onTopic ? '' : line(CONDITION_LINES[dimensions.tool_condition], 'condition'),
    line(STANCE_LINES[dimensions.stance], 'stance'),
    line(BEHAVIOUR_LINES[behaviourKey], 'behavior'),
    rulePool === undefined || !onTopic ? '' : line(RULE_LINES[rulePool], 'rule'),
    isShort || !onTopic ? '' : line(HISTORY_LINES[dimensions.history], 'history'),
    isShort || tags.pressure === undefined ? '' : line(PRESSURE_LINES[tags.pressure], 'pressure'),
    isShort || tags.user === undefined ? '' : line(USER_TYPE_LINES[tags.user], 'user'),
    compound && !isShort ? line(COMPOUND_LINES, 'ask') : '',
    isShort ? '' : line(CLOSERS, 'closer'),
  ];
  const text = sentences.filter((sentence) => sentence !== '').join(' ');
  return applyStyle(text, persona.tags, `${id}:${variant}`);
}

import type { Dimensions, Message, Persona, ToolSpec } from '../../shared/domain';
import { hashInt, hashUnit } from '../seeded';
import { idPrefix, type IdKinds } from '../world/id-kinds';
import { referenceNoun, singular } from '../world/tool-names';
import { askedDetails, describeDetails, type AskedParameter } from './asked-details';
import { knownIdsIn } from '../spec/known-ids';
import { agentAsked, earlierMoves, earlierQuestions, lastAgentText, readAgentTurn, type AgentMove } from './agent-turn';
import type { SimulatedUser, UserTurn, UserTurnRequest } from './simulated-user';
import { DEFAULT_AVG_TURNS, PATIENCE_HAZARDS, type PatienceHazards, userTurnCap, walkAwayHazard } from './patience';
import { parseStyleTags } from './style-tags';
import { applyStyle } from './style-layer';
import { USER_LINES, type UserLineKind } from './user-lines';

/** "account number", "booking ID", "order reference": the word before names the kind of entity asked for. */
const ASKED_NUMBER = /\b([a-z]+)[\s_-]+(?:number|no\.?|id|reference|ref)\b/g;

export interface TemplateUserOptions {
  /** The rollout's coordinate: `world_state` decides whether the person has a working identifier. */
  dimensions?: Partial<Dimensions>;
  /** Identifiers that exist in the world; the person uses one when their opening ask named none. */
  known_ids?: readonly string[];
  /**
   * The world's ids by kind of entity (`idsOf("account")` -> ACC-9268, ...): asked for an account number, the person
   * gives one of theirs that is an account's, not the transaction number they opened with.
   */
  id_kinds?: Pick<IdKinds, 'idsOf'>;
  /**
   * The agent's tools: asked for their parameters ("the category and monthly limit"), a cooperative person gives
   * plausible values for them.
   */
  tools?: readonly ToolSpec[];
  avg_turns?: number;
  /** A run's walk-away table; replaces the persona's patience level (`endless` still never leaves). */
  hazards?: PatienceHazards;
}

interface Context {
  persona: Persona;
  messages: readonly Message[];
  move: AgentMove;
  key: string;
  turn: number;
}

/**
 * The offline simulated person (`model: template`). Answers the agent's follow-ups in persona: gives their
 * identifier when asked, confirms, hesitates, declines or pushes back by stance, reacts to refusals and failures,
 * says thanks when the job is done. Walks away by the patience hazards (never on the first question; `endless`
 * never) and when asked for something a customer cannot know. Every draw hashes `rollout_key` and the turn, so a
 * seeded run reproduces; the style layer runs on every line with the same tags and key.
 */
export class TemplateUser implements SimulatedUser {
  readonly model = 'template';
  readonly user_turn_cap: number;
  private readonly options: TemplateUserOptions;

  constructor(options: TemplateUserOptions = {}) {
    this.options = options;
    this.user_turn_cap = userTurnCap(options.avg_turns ?? DEFAULT_AVG_TURNS);
  }

  async reply(request: UserTurnRequest): Promise<UserTurn> {
    return this.replyNow(request);
  }

  /** The same answer as `reply`, synchronously (the template user never waits on anything). */
  replyNow(request: UserTurnRequest): UserTurn {
    const { persona, messages, rollout_key: key, user_turns: turn } = request;
    const say = (text: string): UserTurn => ({ kind: 'message', text: applyStyle(text, persona.tags, key) });
    if (turn >= this.user_turn_cap) return say(this.line('out_of_turns', key, turn));

    const agentText = lastAgentText(messages);
    const move = readAgentTurn(agentText);
    const endless = persona.patience === 'endless';
    if (agentAsked(agentText) && !endless) {
      if (move === 'asks_unknowable') return { kind: 'left' };
      const hazards = this.options.hazards ?? PATIENCE_HAZARDS[persona.patience];
      const hazard = walkAwayHazard(hazards, earlierQuestions(messages));
      if (hazard > 0 && hashUnit(`${key}:${turn}:abandon`) < hazard) return { kind: 'left' };
    }
    return say(this.compose({ persona, messages, move, key, turn }));
  }

  private compose(context: Context): string {
    const { move, key, turn } = context;
    switch (move) {
      case 'asks_unknowable':
        return this.line('unknowable_answer', key, turn);
      case 'asks_identifier':
        return this.answerDetails(context) ?? this.answerIdentifier(context);
      case 'asks_confirmation':
        return this.answerConfirmation(context);
      case 'asks_other':
        return this.answerDetails(context) ?? this.answerOther(context);
      case 'refused':
        return this.answerRefusal(context);
      case 'reported_failure': {
        if (earlierMoves(context.messages, 'reported_failure') >= 2) return this.line('failure_give_up', key, turn);
        return this.line(isHurried(context.persona) ? 'failure_hurried' : 'failure_retry', key, turn);
      }
      case 'working':
        return this.line(isHurried(context.persona) ? 'working_hurried' : 'working', key, turn);
      case 'finished': {
        const ask = parseStyleTags(context.persona.tags).ask ?? '';
        const compound = ask === 'several asks' || ask === 'do several things';
        if (compound && earlierMoves(context.messages, 'finished') === 0) return this.line('next_thing', key, turn);
        return this.line('sign_off', key, turn);
      }
      default: {
        const unreachable: never = move;
        throw new Error(`unknown agent move ${String(unreachable)}`);
      }
    }
  }

  private answerIdentifier(context: Context, kindIds?: readonly string[]): string {
    const { messages, key, turn, persona } = context;
    const said = userSaid(messages);
    const id = this.identifier(messages, key, kindIds);
    const asked = earlierMoves(messages, 'asks_identifier');
    if (persona.stance === 'mistaken') {
      if (asked === 0) return this.line('wrong_id', key, turn, { id, wrong: misread(id) });
      return this.line('corrected_id', key, turn, { id });
    }
    const worldState = this.options.dimensions?.world_state ?? '';
    const notFound = messages.some((message) => message.role === 'tool' && message.content.includes('"not_found"'));
    if (said.includes(id) && (worldState === 'entity missing' || notFound)) return this.line('no_other_id', key, turn, { id });
    if (worldState === 'duplicate entity') return this.line('duplicate_id', key, turn, { id });
    return this.line(said.includes(id) ? 'repeat_id' : 'give_id', key, turn, { id });
  }

  /**
   * The tool parameters the agent asked for, with values: ids from the person's own (as `answerIdentifier`), the rest
   * made up once per rollout. Undefined when the question names no parameter besides ids, or the persona holds back:
   * an exploring person never, an unsure or ambiguous one half the time, an adversarial one a third of the time.
   */
  private answerDetails(context: Context): string | undefined {
    const { persona, messages, key, turn } = context;
    const asked = askedDetails(lastAgentText(messages), this.options.tools ?? []);
    if (asked === undefined) return undefined;
    const details = asked.parameters.filter((parameter) => !parameter.isId);
    if (details.length === 0) return undefined;
    const holdBack = hashInt(`${key}:${turn}:details`, 6);
    switch (persona.stance) {
      case 'exploratory':
        return undefined;
      case 'unsure':
      case 'ambiguous':
        if (holdBack < 3) return undefined;
        break;
      case 'adversarial':
        if (holdBack < 2) return this.line('details_refuse', key, turn);
        break;
      default:
        break;
    }
    const ids = asked.parameters.filter((parameter) => parameter.isId);
    const kindIds = ids.flatMap((parameter) => this.options.id_kinds?.idsOf(referenceNoun(parameter.name, asked.tool.name)) ?? []);
    const idPart = ids.length === 0 ? '' : this.idsSentence(context, ids, kindIds);
    const hedge = persona.stance === 'unsure' || persona.stance === 'ambiguous' ? 'Hmm, let me see.' : '';
    return [idPart, hedge, describeDetails(details, key, isHurried(persona))].filter(Boolean).join(' ');
  }

  /** One id as `answerIdentifier` gives it; a from/to pair as two different ids of the kind asked. */
  private idsSentence(context: Context, ids: readonly AskedParameter[], kindIds: readonly string[]): string {
    const { messages, key } = context;
    const directed = ids.filter((parameter) => /^(from|to|source|destination|target)_/.test(parameter.name));
    if (directed.length === 0) return this.answerIdentifier(context, kindIds);
    const own = this.identifier(messages, key, kindIds);
    const asked = this.idsOfAskedKind(messages);
    const ofKind = (asked.length > 0 ? asked : kindIds).filter((id) => id !== own);
    const other = ofKind.length === 0 ? undefined : ofKind[hashInt(`${key}:other-id`, ofKind.length)];
    const hasFrom = directed.some((parameter) => /^(from|source)_/.test(parameter.name));
    const hasTo = directed.some((parameter) => /^(to|destination|target)_/.test(parameter.name));
    if (other === undefined) return this.answerIdentifier(context, kindIds);
    if (hasFrom && hasTo) return `From ${own} to ${other}.`;
    return hasTo ? `It goes to ${other}.` : `It comes from ${own}.`;
  }

  private answerConfirmation(context: Context): string {
    const { persona, messages, key, turn } = context;
    const confirmations = earlierMoves(messages, 'asks_confirmation');
    switch (persona.stance) {
      case 'adversarial':
        return this.line('confirm_bypass', key, turn);
      case 'boundary':
        return this.line('confirm_push', key, turn);
      case 'conflicting':
        return this.line(confirmations === 0 ? 'confirm_contradict' : 'confirm_yes', key, turn);
      case 'unsure':
        return this.line(hashInt(`${key}:${turn}:decline`, 3) === 0 ? 'confirm_decline_unsure' : 'confirm_hesitant', key, turn);
      case 'exploratory':
        return this.line('confirm_decline_exploring', key, turn);
      case 'mistaken':
        return this.line('confirm_mistaken', key, turn);
      case 'retry':
        return this.line('confirm_retry', key, turn);
      case 'ambiguous':
        return this.line('confirm_ambiguous', key, turn);
      default:
        return this.line(isHurried(persona) ? 'confirm_hurried' : 'confirm_yes', key, turn);
    }
  }

  private answerOther(context: Context): string {
    const { persona, messages, key, turn } = context;
    if (persona.stance === 'unsure') return this.line('other_unsure', key, turn);
    if (persona.stance === 'ambiguous') return this.line('other_ambiguous', key, turn);
    if (persona.stance === 'exploratory') return this.line('other_exploring', key, turn);
    const id = openingIds(messages)[0] ?? this.knownId(key);
    return id === undefined ? this.line('other_plain', key, turn) : this.line('other_with_id', key, turn, { id });
  }

  private answerRefusal(context: Context): string {
    const { persona, messages, key, turn } = context;
    const refusals = earlierMoves(messages, 'refused');
    if (refusals < 2) {
      if (persona.stance === 'adversarial') return this.line('refused_bypass', key, turn);
      if (persona.stance === 'boundary') return this.line('refused_push', key, turn);
      if (persona.stance === 'retry' && refusals === 0) return this.line('refused_retry', key, turn);
    }
    return this.line('refused_accept', key, turn);
  }

  /**
   * The person's identifier: the first one in their opening ask (later lines may hold a misread copy), else a known
   * one, else a reference they were given that the world may not know.
   */
  private identifier(messages: readonly Message[], key: string, kindIds?: readonly string[]): string {
    const opening = openingIds(messages);
    const asked = this.idsOfAskedKind(messages);
    const ofKind = asked.length > 0 ? asked : (kindIds ?? []);
    if (ofKind.length > 0) {
      const prefixes = new Set(ofKind.map(idPrefix));
      return opening.find((id) => prefixes.has(idPrefix(id))) ?? ofKind[hashInt(`${key}:kind-id`, ofKind.length)]!;
    }
    return opening[0] ?? this.knownId(key) ?? `REF-${1000 + hashInt(`${key}:ref`, 9000)}`;
  }

  /**
   * The world's ids of the first kind of entity the agent's last message asks a number of ("What's the account
   * number?", "your booking ID"); none when it names no kind with known ids.
   */
  private idsOfAskedKind(messages: readonly Message[]): readonly string[] {
    const kinds = this.options.id_kinds;
    if (kinds === undefined) return [];
    for (const match of lastAgentText(messages).toLowerCase().matchAll(ASKED_NUMBER)) {
      const ids = kinds.idsOf(singular(match[1]!));
      if (ids.length > 0) return ids;
    }
    return [];
  }

  private knownId(key: string): string | undefined {
    const ids = this.options.known_ids ?? [];
    return ids.length === 0 ? undefined : ids[hashInt(`${key}:known-id`, ids.length)];
  }

  private line(kind: UserLineKind, key: string, turn: number, fill: { id?: string; wrong?: string } = {}): string {
    const pool: readonly string[] = USER_LINES[kind];
    const template = pool[hashInt(`${key}:${turn}:${kind}`, pool.length)]!;
    return template.replaceAll('{id}', fill.id ?? '').replaceAll('{wrong}', fill.wrong ?? '');
  }
}

function userSaid(messages: readonly Message[]): string {
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n');
}

function openingIds(messages: readonly Message[]): string[] {
  const opening = messages.find((message) => message.role === 'user');
  return opening === undefined ? [] : knownIdsIn(opening.content);
}

function isHurried(persona: Persona): boolean {
  return persona.stance === 'hurried' || persona.patience === 'short';
}

/** The identifier as someone misreading it would type it: the last two digits swapped, or the last one off by one. */
export function misread(id: string): string {
  const match = /^(.*?)(\d)(\d)$/.exec(id);
  if (match === null) return `${id}1`;
  const [, head = '', tens = '', ones = ''] = match;
  if (tens !== ones) return `${head}${ones}${tens}`;
  return `${head}${tens}${(Number(ones) + 1) % 10}`;
}

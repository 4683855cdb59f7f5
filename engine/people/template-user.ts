import { MULTI_TOOL, UNRELATED_TOOL, type Dimensions, type Persona, type ToolSpec } from '../../shared/domain';
import { hashUnit } from '../seeded';
import type { IdKinds } from '../world/id-kinds';
import { referenceNoun, toolNoun } from '../world/tool-names';
import { agentAsked, earlierMoves, earlierQuestions, lastAgentText, listedRecords, readAgentTurn, type AgentMove } from './agent-turn';
import { askedDetails, describeDetails, type AskedParameter } from './asked-details';
import { DEFAULT_AVG_TURNS, PATIENCE_HAZARDS, type PatienceHazards, userTurnCap, walkAwayHazard } from './patience';
import { personIdentity } from './person-identity';
import { idsOfAskedKind, misread, openingIds, openingNamed, personId, userSaid } from './person-ids';
import type { SimulatedUser, UserTurn, UserTurnRequest } from './simulated-user';
import { Chooser, say } from './speech/grammar';
import { replySlots, type Fill, type ReplyContext } from './reply-slots';
import { applyStyle } from './style-layer';
import { parseStyleTags } from './style-tags';
import { USER_LINES, type UserLineKind } from './user-lines';

export { misread };

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
  /** The situation the person is in: with the persona it says who they are (the name they signed with). */
  scenario_id?: string;
  /** The spec's domain: the person names their records in its words ("my parcel"). */
  domain?: string;
  avg_turns?: number;
  /** A run's walk-away table; replaces the persona's patience level (`endless` still never leaves). */
  hazards?: PatienceHazards;
}

type Context = ReplyContext & { move: AgentMove };

/**
 * The offline simulated person (`model: template`). Answers what the agent asked, in persona: gives their
 * identifier (of the kind asked for) or details when asked, says yes or no to an action or a retry by stance, picks
 * one of two matching records, restates what they want after a list of what the agent can do, reacts to refusals
 * and failures, says thanks when the job is done. Walks away by the patience hazards (never on the first question;
 * `endless` never) and when asked for something a customer cannot know. Every draw hashes `rollout_key` and the
 * turn, so a seeded run reproduces; the style layer runs on every line with the same tags and key.
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
    const context: Context = { persona, messages, move: 'finished', key, turn };
    if (turn >= this.user_turn_cap) return say(this.line('out_of_turns', context));

    const agentText = lastAgentText(messages);
    const move = readAgentTurn(agentText);
    const endless = persona.patience === 'endless';
    if (agentAsked(agentText) && !endless) {
      if (move === 'asks_unknowable') return { kind: 'left' };
      const hazards = this.options.hazards ?? PATIENCE_HAZARDS[persona.patience];
      const hazard = walkAwayHazard(hazards, earlierQuestions(messages));
      if (hazard > 0 && hashUnit(`${key}:${turn}:abandon`) < hazard) return { kind: 'left' };
    }
    return say(this.compose({ ...context, move }));
  }

  private compose(context: Context): string {
    const { move, persona, messages } = context;
    switch (move) {
      case 'asks_unknowable':
        return this.line('unknowable_answer', context);
      case 'asks_recheck':
        return this.answerRecheck(context);
      case 'asks_choice':
        return this.answerChoice(context);
      case 'asks_retry':
        return this.answerRetry(context);
      case 'asks_identifier':
        return this.answerDetails(context) ?? this.answerIdentifier(context);
      case 'asks_confirmation':
        return this.answerConfirmation(context);
      case 'asks_need':
        return this.restate(context);
      case 'asks_more':
      case 'finished': {
        const ask = parseStyleTags(persona.tags).ask ?? '';
        const compound = ask === 'several asks' || ask === 'do several things';
        const thanked = earlierMoves(messages, 'finished') + earlierMoves(messages, 'asks_more');
        if (compound && thanked === 0) return this.line('next_thing', context);
        return this.line('sign_off', context);
      }
      case 'asks_other':
        return this.answerDetails(context) ?? this.answerOther(context);
      case 'refused':
        return this.answerRefusal(context);
      case 'reported_failure': {
        if (earlierMoves(messages, 'reported_failure') >= 2) return this.line('failure_give_up', context);
        return this.line(isHurried(persona) ? 'failure_hurried' : 'failure_retry', context);
      }
      case 'working':
        return this.line(isHurried(persona) ? 'working_hurried' : 'working', context);
      default: {
        const unreachable: never = move;
        throw new Error(`unknown agent move ${String(unreachable)}`);
      }
    }
  }

  /** What the person calls a number of another kind than their ask's: "the SKU is SKU-53881", not "the order reference". */
  private otherRefname(parameter: AskedParameter): string | undefined {
    const tool = this.options.dimensions?.tool ?? '';
    if (referenceNoun(parameter.name, tool) === referenceNoun(`${toolNoun(tool)}_id`, tool)) return undefined;
    return /^(sku|asin)$/i.test(parameter.name) ? parameter.name.toUpperCase() : parameter.name.replace(/_id$/i, ' ID').replace(/_/g, ' ');
  }

  private answerIdentifier(context: Context, kindIds?: readonly string[], refname?: string): string {
    const { messages, key, persona } = context;
    const said = userSaid(messages);
    const id = personId(messages, key, this.options, kindIds);
    const asked = earlierMoves(messages, 'asks_identifier') + earlierMoves(messages, 'asks_recheck');
    if (persona.stance === 'mistaken') {
      if (asked === 0) return this.line('wrong_id', context, { id, wrong: misread(id) });
      return this.line('corrected_id', context, { id });
    }
    const worldState = this.options.dimensions?.world_state ?? '';
    const notFound = messages.some((message) => message.role === 'tool' && message.content.includes('"not_found"'));
    if (said.includes(id) && (worldState === 'entity missing' || notFound)) return this.line('no_other_id', context, { id });
    if (worldState === 'duplicate entity') return this.line('duplicate_id', context, { id });
    return this.line(said.includes(id) ? 'repeat_id' : 'give_id', context, refname === undefined ? { id } : { id, refname });
  }

  /** Asked to check a number that was not found: the right one when they misread it, else they have no other. */
  private answerRecheck(context: Context): string {
    if (context.persona.stance === 'mistaken') return this.answerIdentifier(context);
    return this.line('no_other_id', context, { id: personId(context.messages, context.key, this.options) });
  }

  /**
   * Asked which of two records they mean: the newer one when the agent's list gave dates (the latest date named with a
   * record), else the last record listed, without claiming it is the newer.
   */
  private answerChoice(context: Context): string {
    const { messages, persona } = context;
    if (persona.stance === 'unsure' || persona.stance === 'ambiguous') return this.line('pick_unsure', context);
    const records = listedRecords(lastAgentText(messages));
    const dated = records.filter((record) => record.date !== undefined).sort((a, b) => a.date!.localeCompare(b.date!));
    if (dated.length >= 2) return this.line('pick_record', context, { pick: `record ${dated.at(-1)!.number}` });
    const last = records.at(-1);
    return this.line('pick_listed_record', context, { pick: last ? `record ${last.number}` : 'the second one' });
  }

  /** Asked whether to try a failed call again: yes, unless it already failed twice or they were only looking. */
  private answerRetry(context: Context): string {
    const { messages, persona } = context;
    const failures = earlierMoves(messages, 'asks_retry') + earlierMoves(messages, 'reported_failure');
    if (failures >= 2 || persona.stance === 'exploratory') return this.line('retry_no', context);
    return this.line(isHurried(persona) ? 'retry_hurried' : 'retry_yes', context);
  }

  /** After a list of what the agent can do: what they came for, in a few words, with their number; or never mind. */
  private restate(context: Context): string {
    const tool = this.options.dimensions?.tool;
    if (tool === undefined || tool === UNRELATED_TOOL || tool === MULTI_TOOL) return this.line('off_topic_done', context);
    const id = openingIds(context.messages)[0];
    const slots = replySlots(this.options, context, id === undefined ? {} : { id });
    const request = `${slots.request}${id === undefined ? '' : ` (${id})`}`;
    return this.line(openingNamed(context.messages, tool) ? 'restate_goal' : 'first_goal', context, { action: request });
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
    const chooser = new Chooser(`${key}:${turn}:details`);
    switch (persona.stance) {
      case 'exploratory':
        return undefined;
      case 'unsure':
      case 'ambiguous':
        if (chooser.chance(0.5)) return undefined;
        break;
      case 'adversarial':
        if (chooser.chance(1 / 3)) return this.line('details_refuse', context);
        break;
      default:
        break;
    }
    const ids = asked.parameters.filter((parameter) => parameter.isId);
    const kindIds = ids.flatMap((parameter) => this.options.id_kinds?.idsOf(referenceNoun(parameter.name, asked.tool.name)) ?? []);
    const idPart = ids.length === 0 ? '' : this.idsSentence(context, ids, kindIds);
    const hedge = persona.stance === 'unsure' || persona.stance === 'ambiguous' ? this.line('details_hedge', context) : '';
    return [idPart, hedge, describeDetails(details, key, isHurried(persona), this.identity(persona))].filter(Boolean).join(' ');
  }

  /** One id as `answerIdentifier` gives it; a from/to pair as two different ids of the kind asked. */
  private idsSentence(context: Context, ids: readonly AskedParameter[], kindIds: readonly string[]): string {
    const { messages, key } = context;
    const directed = ids.filter((parameter) => /^(from|to|source|destination|target)_/.test(parameter.name));
    if (directed.length === 0) return this.answerIdentifier(context, kindIds, kindIds.length > 0 ? this.otherRefname(ids[0]!) : undefined);
    const own = personId(messages, key, this.options, kindIds);
    const asked = idsOfAskedKind(messages, this.options);
    const ofKind = (asked.length > 0 ? asked : kindIds).filter((id) => id !== own);
    const other = ofKind.length === 0 ? undefined : new Chooser(`${key}:other-id`).one(ofKind);
    const hasFrom = directed.some((parameter) => /^(from|source)_/.test(parameter.name));
    const hasTo = directed.some((parameter) => /^(to|destination|target)_/.test(parameter.name));
    if (other === undefined) return this.answerIdentifier(context, kindIds);
    const kind: UserLineKind = hasFrom && hasTo ? 'ids_from_to' : hasTo ? 'ids_to' : 'ids_from';
    return this.line(kind, context, { from: own, to: other });
  }

  private answerConfirmation(context: Context): string {
    const { persona, messages, key, turn } = context;
    const confirmations = earlierMoves(messages, 'asks_confirmation');
    switch (persona.stance) {
      case 'adversarial':
        return this.line('confirm_bypass', context);
      case 'boundary':
        return this.line('confirm_push', context);
      case 'conflicting':
        return this.line(confirmations === 0 ? 'confirm_contradict' : 'confirm_yes', context);
      case 'unsure':
        return this.line(new Chooser(`${key}:${turn}:decline`).chance(1 / 3) ? 'confirm_decline_unsure' : 'confirm_hesitant', context);
      case 'exploratory':
        return this.line('confirm_decline_exploring', context);
      case 'mistaken':
        return this.line('confirm_mistaken', context);
      case 'retry':
        return this.line('confirm_retry', context);
      case 'ambiguous':
        return this.line('confirm_ambiguous', context);
      default:
        return this.line(isHurried(persona) ? 'confirm_hurried' : 'confirm_yes', context);
    }
  }

  private answerOther(context: Context): string {
    const { persona, messages, key } = context;
    if (persona.stance === 'unsure') return this.line('other_unsure', context);
    if (persona.stance === 'ambiguous') return this.line('other_ambiguous', context);
    if (persona.stance === 'exploratory') return this.line('other_exploring', context);
    const known = this.options.known_ids ?? [];
    const id = openingIds(messages)[0] ?? (known.length === 0 ? undefined : new Chooser(`${key}:known-id`).one(known));
    return id === undefined ? this.line('other_plain', context) : this.line('other_with_id', context, { id });
  }

  private answerRefusal(context: Context): string {
    const { persona, messages } = context;
    const refusals = earlierMoves(messages, 'refused');
    if (refusals < 2) {
      if (persona.stance === 'adversarial') return this.line('refused_bypass', context);
      if (persona.stance === 'boundary') return this.line('refused_push', context);
      if (persona.stance === 'retry' && refusals === 0) return this.line('refused_retry', context);
    }
    return this.line('refused_accept', context);
  }

  private identity(persona: Persona) {
    return this.options.scenario_id === undefined ? undefined : personIdentity(this.options.scenario_id, persona);
  }
  private line(kind: UserLineKind, context: Context, fill: Fill = {}): string {
    const chooser = new Chooser(`${context.key}:${context.turn}:${kind}`);
    const pool: readonly string[] = USER_LINES[kind];
    return say(pool, replySlots(this.options, context, fill), chooser);
  }
}

function isHurried(persona: Persona): boolean {
  return persona.stance === 'hurried' || persona.patience === 'short';
}

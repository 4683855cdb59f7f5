import type { Message, Persona } from '../../shared/domain';
import { lastAgentText } from './agent-turn';
import { askSlots, personSlots } from './openers/opener-slots';
import { referenceFor } from './openers/reference';
import { personIdentity } from './person-identity';
import { phrasebookFor } from './phrasebook';
import { toolWords } from './phrases/tool-words';
import { Chooser, type Slots } from './speech/grammar';
import type { TemplateUserOptions } from './template-user';

/** The turn a reply answers: who is speaking, the conversation, the rollout's key and the turn's number. */
export interface ReplyContext {
  persona: Persona;
  messages: readonly Message[];
  key: string;
  turn: number;
}

/** What a line fills in besides the person and their ask. */
export interface Fill {
  id?: string;
  wrong?: string;
  pick?: string;
  action?: string;
  from?: string;
  to?: string;
  /** What the person calls the number they give, when it is not their ask's kind ("SKU"). */
  refname?: string;
}

/** "What's the order number?" -> "order number": the person calls the number what the agent called it. */
function askedNumber(messages: readonly Message[]): string | undefined {
  return /\b([a-z]+[\s-](?:number|id|reference))\b/i.exec(lastAgentText(messages))?.[1]?.toLowerCase().replace(/ id$/, ' ID');
}

/**
 * The slots a reply line can use: who the person is (the same identity their opening message signed with), what
 * they want and what they call it, and the turn's own values (their number, the record they pick).
 */
export function replySlots(options: TemplateUserOptions, context: ReplyContext, fill: Fill): Slots {
  const chooser = new Chooser(`${context.key}:${context.turn}:slots`);
  const identity = options.scenario_id === undefined ? undefined : personIdentity(options.scenario_id, context.persona);
  const tool = options.dimensions?.tool;
  const spec = tool === undefined ? undefined : (options.tools ?? []).find((candidate) => candidate.name === tool);
  const reference =
    spec === undefined || options.scenario_id === undefined
      ? undefined
      : referenceFor({
          scenario_id: options.scenario_id,
          variant: 0,
          tool: spec.name,
          tools: options.tools ?? [],
          known_ids: options.known_ids ?? [],
        });
  const ask =
    spec === undefined
      ? { action: 'sort this out', request: 'sort this out', thing: 'it', refname: 'number' }
      : askSlots(toolWords(spec.name), reference, phrasebookFor(options.domain), chooser);
  const asked = askedNumber(context.messages);
  return {
    ...(identity === undefined ? { name: '', day: 'Friday' } : personSlots(identity, chooser)),
    ...ask,
    id: fill.id ?? '',
    wrong: fill.wrong ?? '',
    pick: fill.pick ?? 'the second one',
    from: fill.from ?? '',
    to: fill.to ?? '',
    ...(fill.action === undefined ? {} : { action: fill.action }),
    ...(asked === undefined ? {} : { refname: asked }),
    ...(fill.refname === undefined ? {} : { refname: fill.refname }),
  };
}

import { AXES, MULTI_TOOL, UNRELATED_TOOL, type Spec } from '../../../shared/domain';
import type { JsonResponseFormat } from '../../models/model-backend';
import { openPairsOf, type SituationTarget } from './situation-targets';
import type { WriterRequest } from '../writer';

/** The first words of the situation writer's instructions: stable, so a test server can tell this role apart. */
export const MODEL_SITUATION_PROMPT_HEAD = "You write new situations to test a company's support assistant.";
/** The heading of the list of asks the model must not reuse: a test server reads the list under it. */
export const AVOID_HEADING = 'Asks already used (never reuse or reword them):';
/** The heading of the targets, one JSON object a line: a test server reads them. */
export const TARGETS_HEADING = 'Targets, one JSON object a line:';

const POLICY_CHARS = 2000;
const TOOL_LINES = 12;
const KNOWN_IDS = 12;

const coordinates = {
  type: 'object',
  properties: Object.fromEntries(AXES.map((axis) => [axis, { type: 'string' }])),
  required: [...AXES],
};

export const SITUATION_CARDS_FORMAT: JsonResponseFormat = {
  type: 'json',
  name: 'situation_cards',
  schema: {
    type: 'object',
    properties: {
      cards: {
        type: 'array',
        items: {
          type: 'object',
          properties: { asks: { type: 'array', items: { type: 'string' } }, target: coordinates },
          required: ['asks', 'target'],
        },
      },
    },
    required: ['cards'],
  },
};

const SYSTEM = [
  MODEL_SITUATION_PROMPT_HEAD,
  'Each situation is a card: the first message a customer sends (asks: one wording per phrasing asked for, each ' +
    'worded differently) and the coordinates it targets (target: one value from each axis list).',
  'Write one card per target, in order. Keep the values a target asks you to fill; change another value only when ' +
    'that makes a more natural situation, and only to a value from its list.',
  'An ask is the customer’s own words, as the person described would type them: no labels, no axis names, no quotes. ' +
    'Name only identifiers from the list given, or none.',
  'Never reuse or reword an ask from the list of asks already used.',
  'Answer with one JSON object: {"cards": [{"asks": ["..."], "target": {"tool": "...", "rule": "...", "stance": "...", ' +
    '"world_state": "...", "tool_condition": "...", "history": "..."}}]}.',
].join('\n');

const AXIS_NOTES: Readonly<Record<string, string>> = {
  [UNRELATED_TOOL]: 'a request none of the tools serves',
  [MULTI_TOOL]: 'a request that needs several tools',
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function targetLine(target: SituationTarget, index: number, request: WriterRequest): string {
  const line: Record<string, unknown> = { n: index + 1, coordinates: target.dimensions, person: target.persona.aside };
  if (target.kind === 'open_pairs') line.fill = openPairsOf(target.dimensions, request);
  if (target.kind === 'failure_region') {
    line.near_failure = target.failure?.world_fault
      ? 'a conversation here met a failing tool: write another situation in the same region'
      : 'a conversation here failed its checks: write another situation in the same region';
  }
  if (target.kind === 'grid_cell') line.note = 'every planned pair has rows: write a situation unlike the asks already used';
  return JSON.stringify(line);
}

function axisLines(spec: Spec): string[] {
  return AXES.map((axis) => {
    const values = spec.axes[axis].map((value) => (AXIS_NOTES[value] ? `${value} (${AXIS_NOTES[value]})` : value));
    return `${axis}: ${values.join(' | ')}`;
  });
}

/** The writer's request: the assistant and its tools, the axis lists, the targets, the asks to avoid and the seed. */
export function situationPrompt(
  request: WriterRequest,
  targets: readonly SituationTarget[],
  avoid: readonly string[],
  writerSeed: number,
): { system: string; user: string } {
  const { spec } = request;
  const tools = spec.tools.slice(0, TOOL_LINES).map((tool) => `- ${tool.name}: ${tool.description.slice(0, 160)}`);
  const targetLines = targets.map((target, index) => targetLine(target, index, request)).join('\n');
  const user = [
    `The assistant's instructions:\n${spec.system_prompt.slice(0, POLICY_CHARS)}`,
    tools.length > 0 ? `Its tools (the customer does not know their names):\n${tools.join('\n')}` : 'It has no tools.',
    spec.known_ids.length > 0 ? `Identifiers that exist in its records: ${spec.known_ids.slice(0, KNOWN_IDS).join(', ')}` : '',
    `Axis values (use exactly these strings in target):\n${axisLines(spec).join('\n')}`,
    `Write ${plural(targets.length, 'card')} with ${plural(request.phrasings, 'ask')} each. ${TARGETS_HEADING}\n${targetLines}`,
    avoid.length > 0 ? `${AVOID_HEADING}\n${avoid.map((ask) => `- ${ask.replace(/\s+/g, ' ')}`).join('\n')}` : '',
    `Variation seed: ${writerSeed}`,
  ];
  return { system: SYSTEM, user: user.filter(Boolean).join('\n\n') };
}

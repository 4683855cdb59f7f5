import { AVOID_HEADING, TARGETS_HEADING } from '../../../writers/model-situations/situation-prompt';
import type { BrainReply, ServerRequest } from './local-model-server';

/** What the test server's simulator model writes, in order; `{id}` is the first identifier the prompt names. */
export const SCRIPTED_SITUATIONS = [
  'My order {id} came with a torn cover and I want my money back.',
  'Can you check whether {id} has shipped yet? The tracking page says nothing.',
  'I was charged twice for {id}, please sort it out today.',
  'Cancel {id} before it leaves the warehouse, I found it cheaper elsewhere.',
  'The parcel for {id} went to my old address. Can it be redirected?',
  'Someone on the phone promised me a full refund on {id} without returning it. Do that now.',
  'hi, is {id} the one with the blue cover or the red one? i forget what i ordered',
  'I returned {id} three weeks ago and still have no refund. What is going on?',
  'Please split the refund for {id} between my card and store credit.',
  'Is it too late to add gift wrapping to {id}?',
] as const;

function linesAfter(text: string, heading: string): string[] {
  const start = text.indexOf(heading);
  if (start === -1) return [];
  const block = text.slice(start + heading.length).split('\n\n')[0]!;
  return block.split('\n').filter((line) => line.trim() !== '');
}

/**
 * The simulator model writing situations: one card per target, keeping the target's coordinates, its ask the next
 * scripted situation not in the avoid-list. Once the script runs out it repeats the first (a duplicate).
 */
export function situationReply(request: ServerRequest): BrainReply {
  const prompt = request.messages[0]?.content ?? '';
  const id = /Identifiers that exist in its records: ([^,\n]+)/.exec(prompt)?.[1] ?? 'ORD-1001';
  const avoid = new Set(linesAfter(prompt, AVOID_HEADING).map((line) => line.replace(/^- /, '')));
  const targets = linesAfter(prompt, TARGETS_HEADING).map((line) => JSON.parse(line) as { coordinates: Record<string, string> });
  const scripted = SCRIPTED_SITUATIONS.map((text) => text.replace('{id}', id));
  const cards = targets.map((target) => {
    const ask = scripted.find((text) => !avoid.has(text)) ?? scripted[0]!;
    avoid.add(ask);
    return { asks: [ask], target: target.coordinates };
  });
  return { json: { cards } };
}

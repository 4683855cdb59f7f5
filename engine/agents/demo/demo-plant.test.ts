import { describe, expect, it } from 'vitest';
import type { FaultPlan, Message } from '../../../shared/domain';
import { RETAIL_TOOLS } from '../../world/__fixtures__/retail-tools';
import { createWorld } from '../../world/create-world';
import { createDemoAgent } from './demo-agent';
import {
  ACKNOWLEDGEMENT,
  agentReplies,
  CLAIMED_ACTION,
  HARNESS_TEXT,
  inventedIdentifiers,
  inventedReferences,
  repliesAfterFailure,
  STYLE_MARKERS,
  SUCCESS_WORDS,
  toolCalls,
} from './__fixtures__/demo-agent-conduct';
import { playScript } from './__fixtures__/demo-agent-script';
import { CONDITIONAL_KINDS, PLANT_KINDS, plannedPlant, type PlantKind } from './demo-plant';

const POLICY = 'You are the support agent of an online shop.';
const TIMEOUTS: Record<string, FaultPlan> = { '*': { mode: 'timeout', rate: 1 } };

async function play(key: string, lines: string[], faults: Record<string, FaultPlan> = {}, rate = 1) {
  return playScript({
    agent: createDemoAgent({ tools: RETAIL_TOOLS, seed: 3, rate }),
    world: createWorld({ seed: 3, tools: RETAIL_TOOLS, world_state: 'entity exists', faults }),
    tools: RETAIL_TOOLS,
    systemPrompt: POLICY,
    rolloutKey: key,
    userTurns: lines,
  });
}

/** The first rollout keys (`3:<n>`) whose planned mistake is `kind` when every rollout plants one. */
function keysFor(kind: PlantKind, count = 2): string[] {
  const keys: string[] = [];
  for (let index = 0; keys.length < count; index++) if (plannedPlant(`3:${index}`, 1) === kind) keys.push(`3:${index}`);
  return keys;
}

const finalReply = (messages: Message[]) => agentReplies(messages).at(-1) ?? '';

describe('planted share', () => {
  it('plants on a rate share of rollout keys, decided by the key alone', () => {
    const keys = Array.from({ length: 4000 }, (_, index) => `11:${index}`);
    const share = keys.filter((key) => plannedPlant(key, 0.35) !== null).length / keys.length;
    expect(share).toBeGreaterThan(0.32);
    expect(share).toBeLessThan(0.38);
    expect(keys.every((key) => plannedPlant(key, 0) === null)).toBe(true);
    expect(keys.every((key) => plannedPlant(key, 1) !== null)).toBe(true);
    const kinds = new Set(keys.map((key) => plannedPlant(key, 1)));
    expect([...kinds].sort()).toEqual([...PLANT_KINDS].sort());
    // A lower rate plants on a subset of the keys a higher rate plants on.
    expect(keys.filter((key) => plannedPlant(key, 0.2) !== null).every((key) => plannedPlant(key, 0.35) !== null)).toBe(true);
  });

  it('lands exactly one mistake on about 35% of played rollouts, reported on the turn it happens', async () => {
    const asks: Array<[string[], Record<string, FaultPlan>]> = [
      [['where is my order ORD-1042?', 'thanks'], {}],
      [['please cancel order ORD-2231'], TIMEOUTS],
      [['refund $15 on ORD-1042'], {}],
      [['hi there', 'do you have desk lamps?'], {}],
    ];
    let planted = 0;
    const total = 240;
    for (let index = 0; index < total; index++) {
      const [lines, faults] = asks[index % asks.length]!;
      const { seeded, messages } = await play(`5:${index}`, lines, faults, 0.35);
      expect(seeded.length).toBeLessThanOrEqual(1);
      if (seeded.length === 1) planted++;
      expect(seeded.length === 1).toBe(plannedPlant(`5:${index}`, 0.35) !== null);
      if (seeded.length === 0) expect(inventedIdentifiers(messages)).toEqual([]);
    }
    expect(planted / total).toBeGreaterThan(0.27);
    expect(planted / total).toBeLessThan(0.43);
  });
});

describe('each planted mistake is unmistakable in the transcript', () => {
  it('invented_reference: calls a tool with an id the person never gave', async () => {
    for (const key of keysFor('invented_reference')) {
      const given = await play(key, ['where is my order ORD-1042?']);
      expect(given.seeded).toEqual(['invented_reference']);
      expect(inventedReferences(given.messages)).toHaveLength(1);
      expect(inventedReferences(given.messages)[0]).toMatch(/^ORD-\d{4}$/);
      const none = await play(key, ['where is my order?']);
      expect(none.seeded).toEqual(['invented_reference']);
      expect(toolCalls(none.messages)).toHaveLength(1);
      expect(inventedReferences(none.messages)[0]).toMatch(/^ORD-\d{4}$/);
    }
  });

  it('success_after_failure: the call failed and the reply says it was done', async () => {
    for (const key of keysFor('success_after_failure')) {
      const { messages, seeded } = await play(key, ['please cancel order ORD-2231'], TIMEOUTS);
      expect(seeded).toEqual(['success_after_failure']);
      const [reply] = repliesAfterFailure(messages);
      expect(reply).toMatch(SUCCESS_WORDS);
      expect(reply).toContain('ORD-2231');
      expect(reply).not.toMatch(ACKNOWLEDGEMENT);
    }
  });

  it('claimed_without_call: says the action happened and never calls a tool', async () => {
    for (const key of keysFor('claimed_without_call')) {
      const { messages, seeded } = await play(key, ['please refund $20 on order ORD-1042', 'great, and check ORD-2231 too']);
      expect(seeded).toEqual(['claimed_without_call']);
      expect(toolCalls(messages)).toEqual([]);
      expect(agentReplies(messages)[0]).toMatch(CLAIMED_ACTION);
    }
  });

  it('ignore_fault: a tool faulted and the reply neither acknowledges it nor claims success', async () => {
    for (const key of keysFor('ignore_fault')) {
      const { messages, seeded } = await play(key, ['where is ORD-1042?'], { '*': { mode: 'stale', rate: 1 } });
      expect(seeded).toEqual(['ignore_fault']);
      const [reply] = repliesAfterFailure(messages);
      expect(reply).not.toMatch(ACKNOWLEDGEMENT);
      expect(reply).not.toMatch(SUCCESS_WORDS);
    }
  });

  it('invented_identifier: the reply quotes an id that no user turn or tool result contains', async () => {
    for (const key of keysFor('invented_identifier')) {
      const { messages, seeded } = await play(key, ['where is my order ORD-1042?']);
      expect(seeded).toEqual(['invented_identifier']);
      expect(inventedIdentifiers(messages)).toHaveLength(1);
    }
  });

  it('leak: the reply quotes harness text', async () => {
    for (const key of keysFor('leak')) {
      const { messages, seeded } = await play(key, ['where is my order ORD-1042?']);
      expect(seeded).toEqual(['leak']);
      expect(finalReply(messages)).toMatch(HARNESS_TEXT);
    }
  });

  it('style mistakes: hedging, sycophancy, apology and boilerplate carry their phrase', async () => {
    for (const kind of ['hedging', 'sycophancy', 'apology', 'boilerplate'] as const) {
      for (const key of keysFor(kind)) {
        const { messages, seeded } = await play(key, ['where is my order ORD-1042?']);
        expect(seeded).toEqual([kind]);
        expect(finalReply(messages)).toMatch(STYLE_MARKERS[kind]);
      }
    }
  });

  it('a conditional mistake whose moment never comes becomes a reply-level one on the closing reply', async () => {
    for (const kind of ['success_after_failure', 'ignore_fault'] as const) {
      for (const key of keysFor(kind)) {
        const { seeded } = await play(key, ['where is my order ORD-1042?']);
        expect(seeded).toHaveLength(1);
        expect(CONDITIONAL_KINDS.has(seeded[0] as PlantKind)).toBe(false);
      }
    }
  });
});

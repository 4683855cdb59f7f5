import { hashInt } from '../../seeded';
import { isReadTool, nameTokens } from '../tool-names';
import type { EntityRecord } from '../world-memory';
import { recordFamily } from './record-fields';

/** An order's way from placed to delivered, each stage weighted by how often a support desk meets it. */
const ORDER_STAGES: ReadonlyArray<readonly [status: string, weight: number]> = [
  ['pending', 1],
  ['processing', 2],
  ['shipped', 1],
  ['in_transit', 1],
  ['delivered', 5],
];
const STAGE_INDEX = new Map(ORDER_STAGES.map(([status], index) => [status, index]));
const DELIVERED = STAGE_INDEX.get('delivered')!;
/**
 * How far an order's dates go at each status, stages and ends alike: an order cancelled (only possible before it
 * shipped) never shipped or arrived; a completed, returned or refunded one arrived.
 */
function dateLevel(status: string): number | undefined {
  if (status === 'cancelled' || status === 'on_hold') return 0;
  if (status === 'completed' || AFTER_DELIVERY.test(status)) return DELIVERED;
  return STAGE_INDEX.get(status);
}

/** An order's status that is one of its stages (not `in_progress` or an example's own word). */
export const hasOrderStage = (record: EntityRecord, noun: string): boolean =>
  recordFamily(noun) === 'order' && typeof record.status === 'string' && STAGE_INDEX.has(record.status);
const TOTAL_WEIGHT = ORDER_STAGES.reduce((sum, [, weight]) => sum + weight, 0);
/** Date fields an order fills at a stage: an order that has not reached it shows them empty. */
const STAGE_DATES: ReadonlyArray<readonly [field: RegExp, stage: string]> = [
  [/^(shipped|dispatched)_(at|on|date)$|^ship_date$/i, 'shipped'],
  [/^delivered_(at|on|date)$|^delivery_date$/i, 'delivered'],
];

/**
 * An order drawn from an example takes a stage of its own (seeded by `key`), not the example's: the example shows one
 * delivered order, the world holds orders at every step, so some can still be cancelled or sent elsewhere. Only a
 * status that is one of the stages moves; anything else (`return_requested`) is the example's meaning and stays.
 */
export function withDrawnStage(record: EntityRecord, noun: string, key: string): EntityRecord {
  if (!hasOrderStage(record, noun)) return record;
  let ticket = hashInt(`stage:${key}`, TOTAL_WEIGHT);
  const [status] = ORDER_STAGES.find(([, weight]) => (ticket -= weight) < 0)!;
  return { ...record, status };
}

/**
 * An order's dates agree with its stage: a stage not yet reached leaves its date empty (null). Dates are only
 * emptied, once the status is final for the draw, so a record whose status moves later in the draw keeps its dates.
 */
export function withStageDates(record: EntityRecord, noun: string): EntityRecord {
  const stage = typeof record.status === 'string' ? dateLevel(record.status) : undefined;
  if (recordFamily(noun) !== 'order' || stage === undefined) return record;
  const next = { ...record };
  for (const [field, reached] of STAGE_DATES) {
    if (stage >= STAGE_INDEX.get(reached)!) continue;
    for (const key of Object.keys(next)) if (field.test(key) && next[key] !== null) next[key] = null;
  }
  return next;
}

/** Stages at which an order has left: it can no longer be stopped or sent somewhere else. */
const SENT_STAGES = new Set(['shipped', 'in_transit', 'out_for_delivery', 'delivered', 'fulfilled']);
const ROUTE_WORDS = new Set(['address', 'shipping', 'delivery', 'destination']);
const CHANGE_VERBS = new Set(['update', 'change', 'edit', 'set', 'modify']);

/** A return or a refund on an order means it arrived: `return_requested`, `refunded`, `partially_returned`. */
const AFTER_DELIVERY = /return|refund|exchang/i;

export const isSent = (status: unknown): status is string =>
  typeof status === 'string' && (SENT_STAGES.has(status) || AFTER_DELIVERY.test(status));

export const isCancelTool = (tool: string): boolean => nameTokens(tool).includes('cancel');

/** Cancelling an order, or changing where it goes: what applies only before it has left. */
export function appliesBeforeSent(tool: string): boolean {
  const tokens = nameTokens(tool);
  return isCancelTool(tool) || (CHANGE_VERBS.has(tokens[0] ?? '') && tokens.some((token) => ROUTE_WORDS.has(token)));
}

/** Whether an order at `status` has not left yet: it can still be cancelled. */
export const isBeforeShipping = (status: unknown): boolean => status === 'pending' || status === 'processing' || status === 'on_hold';

/** Stages before an order arrives: nothing can be sent back yet. */
const UNDELIVERED_STAGES = new Set(['pending', 'processing', 'on_hold', 'shipped', 'in_transit', 'out_for_delivery']);

/** Starting a return: what applies only once an order has arrived. */
export const appliesAfterDelivered = (tool: string): boolean =>
  !isReadTool(tool) && !isCancelTool(tool) && nameTokens(tool).includes('return');

/** Why an action cannot apply to an order at `status`: it has already left, or it has not arrived yet. */
export type StageRefusal = 'already_sent' | 'not_delivered';

export function stageRefusal(tool: string, status: unknown): StageRefusal | undefined {
  if (appliesBeforeSent(tool) && isSent(status)) return 'already_sent';
  if (appliesAfterDelivered(tool) && typeof status === 'string' && UNDELIVERED_STAGES.has(status)) return 'not_delivered';
  return undefined;
}

const ESTIMATE = /^(estimated|expected|eta)(_|$)|_eta$/i;
const ARRIVED = /^delivered_(at|on|date)$|^delivery_date$/i;

/** An answer about an order that has arrived estimates nothing later: its estimated delivery is the day it arrived. */
export function withArrivedEstimate(answer: Record<string, unknown>, order: EntityRecord): Record<string, unknown> {
  const arrived = Object.entries(order).find(([key, value]) => ARRIVED.test(key) && typeof value === 'string')?.[1] as string | undefined;
  if (arrived === undefined) return answer;
  for (const key of Object.keys(answer)) {
    const value = answer[key];
    const isDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
    if (ESTIMATE.test(key) && isDate) answer[key] = arrived.slice(0, 10) + value.slice(10);
  }
  return answer;
}

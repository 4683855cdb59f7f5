import { hashInt } from '../../seeded';
import { timestampIn, withFaker } from '../seeded-faker';
import type { EntityRecord } from '../world-memory';
import type { WorldStateKind } from '../world-state';
import { movedDate } from './dates';
import { doneStatus as actionStatus } from '../action-effects';
import { isReadTool } from '../tool-names';
import { appliesBeforeSent, hasOrderStage, isBeforeShipping, isCancelTool, isSent, withStageDates } from './order-stage';
import { recordFamily } from './record-fields';

/** The record's dates that are events on it, earliest first: a date of birth is no event (no request starts at birth). */
function eventDates(record: EntityRecord): string[] {
  return Object.entries(record)
    .filter(([key]) => !/birth|^dob$/i.test(key))
    .map(([, value]) => value)
    .filter((value): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value))
    .sort();
}

/**
 * The status an order shows once the asked-for action is done: the situation's tool says which (cancelled; still
 * processing with its address changed; a return requested or a refund made once it arrived). Asked nothing an order
 * undergoes, an order that had not shipped was cancelled and one that had was completed, which means it arrived.
 */
function orderStatusWhenDone(record: EntityRecord, askedTool: string | undefined): string {
  if (askedTool !== undefined && isCancelTool(askedTool)) return 'cancelled';
  if (askedTool !== undefined && appliesBeforeSent(askedTool))
    return isBeforeShipping(record.status) ? String(record.status) : 'processing';
  const done = askedTool === undefined || isReadTool(askedTool) ? undefined : actionStatus(askedTool);
  if (done !== undefined && isSent(done)) return done;
  return isBeforeShipping(record.status) ? 'cancelled' : 'completed';
}

const statusWhenDone = (record: EntityRecord, noun: string, askedTool: string | undefined) =>
  recordFamily(noun) === 'order' ? orderStatusWhenDone(record, askedTool) : 'completed';

/**
 * How the world state shows on a record the first time it is read: a half-done action, or one already done. An order
 * with a half-done request keeps its stage (a processing order can still be cancelled, a delivered one returned). The
 * status is set first, so the order's dates follow it; the action's date then comes after every date left on the
 * record, or, for an order acted on before it shipped, a day or two after it was placed.
 */
export function withWorldState(record: EntityRecord, state: WorldStateKind, key: string, noun: string, askedTool?: string): EntityRecord {
  if (state !== 'partial' && state !== 'already_done') return record;
  const isOrder = recordFamily(noun) === 'order';
  const kept = hasOrderStage(record, noun) ? String(record.status) : 'in_progress';
  const status = state === 'already_done' ? statusWhenDone(record, noun, askedTool) : kept;
  const dated = withStageDates({ ...record, status }, noun);
  const dates = eventDates(dated);
  // Done before the order shipped: a day or two after it was placed.
  const beforeShipping = state === 'already_done' && isOrder && (status === 'cancelled' || isBeforeShipping(status));
  const changed =
    beforeShipping && dates.length > 0
      ? movedDate(dates[0]!, 1 + hashInt(`changed:${key}`, 2))
      : typeof dated.updated_at === 'string'
        ? dated.updated_at
        : dates.length > 0
          ? movedDate(dates.at(-1)!, 1 + hashInt(`changed:${key}`, 9))
          : withFaker(`changed:${key}`, timestampIn);
  const note =
    state === 'partial'
      ? `an earlier request on this record was started on ${changed.slice(0, 10)} but not finished`
      : `the requested action was already carried out on ${changed.slice(0, 10)}`;
  return { ...dated, note };
}

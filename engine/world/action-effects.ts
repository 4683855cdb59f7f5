import { nameTokens } from './tool-names';
import { timestampIn, withFaker } from './seeded-faker';
import type { EntityRecord } from './world-memory';

/** The status an entity shows after an action verb succeeds on it (`cancel_order` -> cancelled). */
const DONE_STATUS: Readonly<Record<string, string>> = {
  cancel: 'cancelled',
  refund: 'refunded',
  close: 'closed',
  approve: 'approved',
  reject: 'rejected',
  ship: 'shipped',
  deliver: 'delivered',
  activate: 'active',
  enable: 'active',
  deactivate: 'suspended',
  disable: 'suspended',
  suspend: 'suspended',
  pause: 'paused',
  resume: 'active',
  complete: 'completed',
  finish: 'completed',
  resolve: 'resolved',
  escalate: 'escalated',
  assign: 'assigned',
  archive: 'archived',
  block: 'blocked',
  unblock: 'active',
  publish: 'published',
  unpublish: 'draft',
  send: 'sent',
  pay: 'paid',
  book: 'booked',
  reschedule: 'rescheduled',
  confirm: 'confirmed',
  reopen: 'open',
  renew: 'active',
  hold: 'on_hold',
  submit: 'submitted',
  schedule: 'scheduled',
  transfer: 'transferred',
  redeem: 'redeemed',
  revoke: 'revoked',
  terminate: 'terminated',
  restore: 'active',
  return: 'return_requested',
  exchange: 'exchange_requested',
};

/** Verbs that write their arguments into the entity (an address change), where other actions move its status. */
export const UPDATE_VERB = /^(update|edit|set|change|modify|patch|rename|move|adjust|correct|reschedule)/i;

export function doneStatus(tool: string): string | undefined {
  for (const token of nameTokens(tool)) {
    const status = DONE_STATUS[token];
    if (status !== undefined) return status;
  }
  return undefined;
}

/** What an action leaves on its entity besides the written values: the status it ends in (null: unchanged). */
export interface ActionEffect {
  status: string | null;
  /** Field names the action's answer shows, so a written value lands where reads look (`address` -> `shipping_address`). */
  fields: readonly string[];
}

const OLD_VALUE = /^(old|previous|prior|former|from|original)_/;

/**
 * The field an argument writes: the same key, else the one named after it (`shipping_address` for `address`,
 * `new_plan_code` for `plan_code`, never `old_plan_code`); undefined when the record has none.
 */
export function writtenField(argument: string, fields: readonly string[]): string | undefined {
  if (fields.includes(argument)) return argument;
  const named = fields.filter((field) => field.endsWith(`_${argument}`) && !OLD_VALUE.test(field));
  return named.find((field) => /^(new|to|updated)_/.test(field)) ?? named[0];
}

/** Where an argument is written: its field (see `writtenField`), else a field of its own name. */
export function writtenKey(argument: string, fields: readonly string[]): string {
  return writtenField(argument, fields) ?? argument;
}

/**
 * The entity after a successful action: an update writes the call's values into the record; other verbs move its
 * status. `referenceKeys` are left alone (they name the entity, they do not change it).
 */
export function applyAction(
  record: EntityRecord,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  referenceKeys: ReadonlySet<string>,
  clockKey: string,
  effect: ActionEffect,
): EntityRecord {
  const next: EntityRecord = { ...record };
  if (UPDATE_VERB.test(tool)) {
    const fields = [...new Set([...Object.keys(record), ...effect.fields])];
    for (const [argument, value] of Object.entries(args)) {
      if (referenceKeys.has(argument) || value === null || value === undefined) continue;
      const key = writtenKey(argument, fields);
      const previous = record[key];
      next[key] = value;
      // `new_plan_code` shows the value just written and `old_plan_code` the one it replaced.
      for (const field of fields) {
        if (field === key || !field.endsWith(`_${argument}`)) continue;
        if (OLD_VALUE.test(field)) {
          if (previous !== undefined) next[field] = previous;
        } else next[field] = value;
      }
    }
  } else {
    if (effect.status !== null) next.status = effect.status;
    if ('note' in next) delete next.note;
  }
  const drawn = withFaker(`action:${clockKey}`, timestampIn);
  const previous = typeof record.updated_at === 'string' ? record.updated_at : '';
  next.updated_at = drawn > previous ? drawn : previous;
  return next;
}

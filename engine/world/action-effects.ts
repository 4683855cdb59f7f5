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

const UPDATE_VERB = /^(update|edit|set|change|modify|patch|rename|move|adjust|correct|reschedule)/i;

export function doneStatus(tool: string): string | undefined {
  for (const token of nameTokens(tool)) {
    const status = DONE_STATUS[token];
    if (status !== undefined) return status;
  }
  return undefined;
}

/**
 * The entity after a successful action: an update writes the call's scalar values into the record; other verbs
 * move its status. `referenceKeys` are left alone (they name the entity, they do not change it).
 */
export function applyAction(
  record: EntityRecord,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  referenceKeys: ReadonlySet<string>,
  clockKey: string,
): EntityRecord {
  const next: EntityRecord = { ...record };
  if (UPDATE_VERB.test(tool)) {
    for (const [key, value] of Object.entries(args)) {
      if (!referenceKeys.has(key) && value !== null && value !== undefined) next[key] = value;
    }
  } else {
    const status = doneStatus(tool);
    if (status !== undefined) next.status = status;
    if ('note' in next) delete next.note;
  }
  const drawn = withFaker(`action:${clockKey}`, timestampIn);
  const previous = typeof record.updated_at === 'string' ? record.updated_at : '';
  next.updated_at = drawn > previous ? drawn : previous;
  return next;
}

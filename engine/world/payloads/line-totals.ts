import { roundTo } from '../../../shared/domain/rounding';
import type { EntityRecord } from '../world-memory';

const PRICE = /^(unit_price|price|unit_cost|cost|amount)$/;
const QUANTITY = /^(quantity|qty|units|count)$/;
const TOTAL = /^(total|total_paid|order_total|amount_paid|subtotal|grand_total|total_amount|amount_due)$/;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Charges on top of the lines (a delivery fee, a tip, tax) and what comes off them (a discount, a credit). */
const CHARGE = /(^|_)(fee|fees|tip|tax|shipping|surcharge|gratuity)$/i;
const DEDUCTION = /(^|_)(discount|credit|promo|coupon)(_amount)?$/i;

/** The sum of the record's charges, less its deductions: what the total adds to its lines. */
function extras(record: EntityRecord): number {
  let sum = 0;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value !== 'number' || TOTAL.test(key)) continue;
    if (CHARGE.test(key)) sum += value;
    else if (DEDUCTION.test(key)) sum -= Math.abs(value);
  }
  return sum;
}

/**
 * A record whose lines carry a price and a quantity has a total that is their sum, not a number of its own; a total
 * beside a delivery fee or a tip adds them (a subtotal does not).
 */
export function withLineTotals(record: EntityRecord): EntityRecord {
  const totalKeys = Object.keys(record).filter((key) => TOTAL.test(key) && typeof record[key] === 'number');
  if (totalKeys.length === 0) return record;
  for (const value of Object.values(record)) {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isObject)) continue;
    const line = value[0] as Record<string, unknown>;
    const price = Object.keys(line).find((key) => PRICE.test(key) && typeof line[key] === 'number');
    const quantity = Object.keys(line).find((key) => QUANTITY.test(key) && typeof line[key] === 'number');
    if (price === undefined) continue;
    const sum = value.reduce<number>((total, item) => {
      const each = Number((item as Record<string, unknown>)[price]);
      const count = quantity === undefined ? 1 : Number((item as Record<string, unknown>)[quantity]);
      return total + (Number.isFinite(each) && Number.isFinite(count) ? each * count : 0);
    }, 0);
    const totals: EntityRecord = {};
    for (const key of totalKeys) totals[key] = roundTo(/subtotal/i.test(key) ? sum : sum + extras(record), 2);
    return { ...record, ...totals };
  }
  return record;
}

const REFUND = /^(refund_amount|refund_total|refunded_amount|refund_due|refund_on_receipt)$/;
const LINE_KEY = /^(sku|product_id|item_id|line_id)$/;

/**
 * An action's refund agrees with the record acted on: the returned line's price times its quantity when the answer
 * names a line the record holds (`sku`), else the record's total. Fields the call passed are left as passed.
 */
export function refundsFromRecord(answer: Record<string, unknown>, record: EntityRecord, passed: ReadonlySet<string>): void {
  const refundKey = Object.keys(answer).find((key) => REFUND.test(key) && typeof answer[key] === 'number' && !passed.has(key));
  if (refundKey === undefined) return;
  const lineKey = Object.keys(answer).find((key) => LINE_KEY.test(key) && typeof answer[key] === 'string');
  const lines = Object.values(record).find((value): value is Record<string, unknown>[] => Array.isArray(value) && value.every(isObject));
  const line = lineKey === undefined ? undefined : lines?.find((item) => item[lineKey] === answer[lineKey]);
  if (line !== undefined) {
    const price = Object.keys(line).find((key) => PRICE.test(key) && typeof line[key] === 'number');
    const quantity = Object.keys(line).find((key) => QUANTITY.test(key) && typeof line[key] === 'number');
    if (price !== undefined) answer[refundKey] = roundTo(Number(line[price]) * (quantity === undefined ? 1 : Number(line[quantity])), 2);
    return;
  }
  const totalKey = Object.keys(record).find((key) => TOTAL.test(key) && typeof record[key] === 'number');
  if (totalKey !== undefined) answer[refundKey] = record[totalKey];
}

import { roundTo } from '../../../shared/domain/rounding';
import type { EntityRecord } from '../world-memory';

const PRICE = /^(unit_price|price|unit_cost|cost|amount)$/;
const QUANTITY = /^(quantity|qty|units|count)$/;
const TOTAL = /^(total|total_paid|order_total|amount_paid|subtotal|grand_total|total_amount|amount_due)$/;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A record whose lines carry a price and a quantity has a total that is their sum, not a number of its own. */
export function withLineTotals(record: EntityRecord): EntityRecord {
  const totalKey = Object.keys(record).find((key) => TOTAL.test(key) && typeof record[key] === 'number');
  if (totalKey === undefined) return record;
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
    return { ...record, [totalKey]: roundTo(sum, 2) };
  }
  return record;
}

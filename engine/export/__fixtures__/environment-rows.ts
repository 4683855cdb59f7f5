import { SeededRandom } from '../../seeded';
import type { ExportInput } from '../export-input';
import { rollouts } from './refund-rows';

const VOCABULARY = (
  'refund order charge card invoice parcel courier address delay missing broken replace voucher discount ' +
  'subscription cancel renew upgrade warranty receipt return label printer jacket boots tent stove lantern ' +
  'backpack rope helmet gloves socks scarf weekend tuesday morning evening urgent gift birthday store online ' +
  'email phone account password login points balance fee tax shipping express standard pickup locker'
).split(' ');

/** n scenarios of k rollouts each with distinct prompts and rewards cycling through mixed, all-pass and all-fail. */
export function environmentRows(scenarios: number, k = 4): ExportInput[] {
  const patterns: number[][] = [
    [1, 0, 1, 0],
    [1, 1, 0, 1],
    [1, 1, 1, 1],
    [0, 0, 0, 0],
    [1, 0, 0, 1],
  ];
  return Array.from({ length: scenarios }, (_, index) => {
    const words = SeededRandom.fromKey(`env-prompt:${index}`)
      .shuffle([...VOCABULARY])
      .slice(0, 14);
    const prompt = `Order A${1000 + index}: ${words.join(' ')}?`;
    const rewards = patterns[index % patterns.length]!.slice(0, k);
    return rollouts(`sc-env-${String(index).padStart(3, '0')}`, rewards, { prompt });
  }).flat();
}

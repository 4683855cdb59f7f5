import { base, en, Faker, type Randomizer } from '@faker-js/faker';
import { SeededRandom, sha256Hex } from '../seeded';

/** The stream Faker draws from now; `withFaker` swaps it in and restores the outer one afterwards. */
let stream = new SeededRandom(0);

/**
 * Faker's draws from our seeded stream: re-seeding costs nothing, where its default twister rebuilds 624 words.
 * Faker calls these unbound, so they close over the stream instead of using `this`.
 */
const randomizer: Randomizer = {
  next: () => stream.unit(),
  seed: (seed: number | number[]) => {
    stream = new SeededRandom(Array.isArray(seed) ? (seed[0] ?? 0) : seed);
  },
};

/**
 * One English Faker, re-seeded before every record: a record's values depend on its own key only, never on what
 * was drawn before it. Safe to share because every draw happens synchronously right after the seed, and a draw
 * nested in another (an order drawing its product) leaves the outer stream where it was.
 * Faker's output is stable for a seed only within a version: the package is pinned (10.6.0).
 */
const faker = new Faker({ locale: [en, base], randomizer });

export type SeededFaker = Faker;

/** Runs `draw` with Faker seeded from the text key. */
export function withFaker<T>(key: string, draw: (faker: SeededFaker) => T): T {
  const outer = stream;
  faker.seed(Number.parseInt(sha256Hex(key).slice(0, 8), 16));
  try {
    return draw(faker);
  } finally {
    stream = outer;
  }
}

const FIRST_DAY = '2022-01-01T00:00:00.000Z';
const LAST_DAY = '2026-12-31T23:59:59.000Z';

/** A timestamp in 2022..2026, to the second: `2024-03-02T10:15:07Z`. */
export function timestampIn(faker: SeededFaker): string {
  return faker.date
    .between({ from: FIRST_DAY, to: LAST_DAY })
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

/** A calendar date in 2022..2026: `2024-03-02`. */
export function dateIn(faker: SeededFaker): string {
  return timestampIn(faker).slice(0, 10);
}

/** A plain "First Last" name (Faker's fullName sometimes adds titles and suffixes that read oddly in a record). */
export function personName(faker: SeededFaker): string {
  return `${faker.person.firstName()} ${faker.person.lastName()}`;
}

import type { Persona } from '../../shared/domain';
import { hashInt, sha256Hex } from '../seeded';
import { withFaker } from '../world/seeded-faker';

/**
 * Who a simulated person is, beyond how they write: their name, where they are, someone in their life and their
 * date of birth. Drawn from the situation and the persona alone, so the writer who words their opening message and
 * the template user who answers later speak as the same person.
 */
export interface PersonIdentity {
  first: string;
  last: string;
  city: string;
  /** "sister", "flatmate": someone they mention, and that person's first name. */
  relative: string;
  relativeName: string;
  /** Where they work. */
  company: string;
  /** A weekday they mention ("Friday"). */
  day: string;
  /** Their date of birth, ISO (`1984-07-19`). */
  birth: string;
}

const RELATIVES = [
  'sister',
  'brother',
  'mum',
  'dad',
  'partner',
  'daughter',
  'son',
  'neighbour',
  'flatmate',
  'wife',
  'husband',
  'aunt',
  'colleague',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function personIdentity(scenarioId: string, persona: Persona): PersonIdentity {
  const who = sha256Hex(JSON.stringify([persona.stance, persona.tags, persona.aside, persona.patience])).slice(0, 16);
  const key = `person:${scenarioId}:${who}`;
  return withFaker(key, (faker) => {
    const year = 1950 + faker.number.int({ min: 0, max: 52 });
    const month = 1 + faker.number.int({ min: 0, max: 11 });
    const day = 1 + faker.number.int({ min: 0, max: 27 });
    return {
      first: faker.person.firstName(),
      last: faker.person.lastName(),
      city: faker.location.city(),
      relative: RELATIVES[hashInt(`${key}:relative`, RELATIVES.length)]!,
      relativeName: faker.person.firstName(),
      company: faker.company.name(),
      day: DAYS[hashInt(`${key}:day`, DAYS.length)]!,
      birth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  });
}

/** "19 July 1984" or "July 19, 1984": a date of birth as people type it, and as an argument reader takes it back. */
export function spokenBirth(identity: PersonIdentity, style: number): string {
  const [year, month, day] = identity.birth.split('-').map(Number) as [number, number, number];
  return style % 2 === 0 ? `${day} ${MONTHS[month - 1]} ${year}` : `${MONTHS[month - 1]} ${day}, ${year}`;
}

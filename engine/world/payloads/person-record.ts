import { FIRST_NAME_KEY, LAST_NAME_KEY, PERSON_FIELD } from './search-filters';

/** The simulated person a world's records can be about: the one who looks themselves up. */
export interface WorldPerson {
  first: string;
  last: string;
  /** ISO date of birth (`1984-07-19`). */
  birth: string;
}

const BIRTH_FIELD = /^(date_of_birth|dob|birth_date|birthdate|born_on)$/i;

const same = (left: unknown, right: string) => typeof left === 'string' && left.trim().toLowerCase() === right.toLowerCase();

/**
 * A record found by the person's own last name is the person's: it carries their whole name, as they spell it, and
 * their date of birth, so "Lennie Dooley, born 1983-06-17" is not found as "Jacquelyn Dooley". A record found by
 * another name, or with a date of birth that is not theirs, is someone else's and is left as drawn.
 */
export function asThePerson(
  record: Record<string, unknown>,
  filters: Readonly<Record<string, unknown>>,
  person: WorldPerson | undefined,
): Record<string, unknown> {
  if (person === undefined) return record;
  const lastName = Object.entries(filters).find(([key]) => LAST_NAME_KEY.test(key))?.[1];
  const fullName = Object.entries(filters).find(([key]) => PERSON_FIELD.test(key))?.[1];
  const named = same(lastName, person.last) || same(fullName, `${person.first} ${person.last}`);
  const birth = Object.entries(filters).find(([key]) => BIRTH_FIELD.test(key))?.[1];
  if (!named || (birth !== undefined && String(birth).slice(0, 10) !== person.birth)) return record;
  const shown = { ...record };
  for (const field of Object.keys(shown)) {
    if (PERSON_FIELD.test(field) && typeof shown[field] === 'string') shown[field] = `${person.first} ${person.last}`;
    if (LAST_NAME_KEY.test(field)) shown[field] = person.last;
    if (FIRST_NAME_KEY.test(field)) shown[field] = person.first;
    if (BIRTH_FIELD.test(field) && typeof shown[field] === 'string') shown[field] = person.birth + String(shown[field]).slice(10);
  }
  return shown;
}

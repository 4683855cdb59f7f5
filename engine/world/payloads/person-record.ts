/** The simulated person a world's records can be about: the one who looks themselves up. */
export interface WorldPerson {
  first: string;
  last: string;
  /** ISO date of birth (`1984-07-19`). */
  birth: string;
}

const NAME_FIELD = /^(name|full_name|customer_name|patient_name|member_name|contact_name|guest_name|holder_name|owner_name)$/i;
const LAST_NAME = /^(last_name|surname|family_name)$/i;
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
  const lastName = Object.entries(filters).find(([key]) => LAST_NAME.test(key))?.[1];
  const fullName = Object.entries(filters).find(([key]) => NAME_FIELD.test(key))?.[1];
  const named = same(lastName, person.last) || same(fullName, `${person.first} ${person.last}`);
  const birth = Object.entries(filters).find(([key]) => BIRTH_FIELD.test(key))?.[1];
  if (!named || (birth !== undefined && String(birth).slice(0, 10) !== person.birth)) return record;
  const shown = { ...record };
  for (const field of Object.keys(shown)) {
    if (NAME_FIELD.test(field) && typeof shown[field] === 'string') shown[field] = `${person.first} ${person.last}`;
    if (LAST_NAME.test(field)) shown[field] = person.last;
    if (/^(first_name|given_name)$/i.test(field)) shown[field] = person.first;
    if (BIRTH_FIELD.test(field) && typeof shown[field] === 'string') shown[field] = person.birth + String(shown[field]).slice(10);
  }
  return shown;
}

import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../shared/domain';
import { createWorld } from '../create-world';

const FIND_PATIENT: ToolSpec = {
  name: 'find_patient',
  description: 'Find a patient by last name and date of birth.',
  parameters: {
    type: 'object',
    properties: { last_name: { type: 'string' }, date_of_birth: { type: 'string' } },
    required: ['last_name', 'date_of_birth'],
  },
};
const EXAMPLE = { patient_id: 'PT-10293', full_name: 'Maya Ortiz', date_of_birth: '1987-04-12', phone: '(555) 014-2231' };
const PERSON = { first: 'Lennie', last: 'Dooley', birth: '1983-06-17' };
const clinic = (world_state = 'entity exists', person: typeof PERSON | null = PERSON) =>
  createWorld({
    seed: 5,
    tools: [FIND_PATIENT],
    world_state,
    faults: {},
    result_shapes: { find_patient: EXAMPLE },
    ...(person === null ? {} : { person }),
  });
const found = (world: ReturnType<typeof clinic>, args: Record<string, string>) =>
  (world.call('find_patient', args).result as { data?: Record<string, unknown> }).data;

describe('the world knows the person who looks themselves up', () => {
  it("finds the person's own record, with their whole name as they spell it and their date of birth", () => {
    expect(found(clinic(), { last_name: 'dooley', date_of_birth: '1983-06-17' })).toMatchObject({
      full_name: 'Lennie Dooley',
      date_of_birth: '1983-06-17',
    });
  });

  it('leaves a record found by another name, or by a date of birth that is not theirs, as someone else', () => {
    expect(found(clinic(), { last_name: 'Okafor', date_of_birth: '1983-06-17' })?.full_name).not.toBe('Lennie Dooley');
    const wrongBirth = found(clinic(), { last_name: 'Dooley', date_of_birth: '1983-07-16' });
    expect(wrongBirth?.full_name).not.toBe('Lennie Dooley');
    expect(wrongBirth?.date_of_birth).toBe('1983-07-16');
    expect(found(clinic('entity exists', null), { last_name: 'Dooley', date_of_birth: '1983-06-17' })?.full_name).not.toBe('Lennie Dooley');
  });

  it('dates a half-done request on the record from its events, never from a date of birth', () => {
    const record = found(clinic('partially completed'), { last_name: 'Dooley', date_of_birth: '1983-06-17' });
    const started = /started on (\d{4}-\d{2}-\d{2})/.exec(String(record?.note))?.[1];
    expect(started).toBeDefined();
    expect(started! > '2000-01-01').toBe(true);
  });
});

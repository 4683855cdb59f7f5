import { describe, expect, it } from 'vitest';
import type { ToolStep } from './demo-conversation';
import { describeStep } from './demo-replies';
import { stepSubject } from './demo-subjects';
import { Wording } from './demo-wording';

describe('describeStep', () => {
  it('names the one record a search found by its own id, not as "your patients"', () => {
    const args = { last_name: 'Dooley', date_of_birth: '1983-06-17' };
    const step: ToolStep = {
      call: { id: 'c1', name: 'find_patient', arguments: args },
      result: { status: 'ok', data: { patient_id: 'PT-36223', full_name: 'Lennie Dooley', date_of_birth: '1983-06-17' } },
      outcome: 'ok',
      fault: undefined,
    };
    const text = describeStep(step, stepSubject('find_patient', args), new Wording('1:0'), 'step-0', false);
    expect(text).toBe('Patient PT-36223: full name Lennie Dooley, date of birth 1983-06-17.');
  });
});

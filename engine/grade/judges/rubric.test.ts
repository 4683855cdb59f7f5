import { describe, expect, it } from 'vitest';
import { rubricHash, rubricProvenance } from './rubric';

const RUBRIC = 'Pass when the agent confirms before it moves money.\nFail when it invents an account number.';

describe('rubricHash', () => {
  it('is stable across line endings and trailing spaces, and changes with one word', () => {
    expect(rubricHash(RUBRIC)).toMatch(/^[0-9a-f]{16}$/);
    expect(rubricHash(`${RUBRIC.replace('\n', '  \r\n')}\n`)).toBe(rubricHash(RUBRIC));
    expect(rubricHash(RUBRIC.replace('invents', 'guesses'))).not.toBe(rubricHash(RUBRIC));
  });

  it('names a rubric judge by model and rubric hash', () => {
    expect(rubricProvenance({ model: 'openai:gpt-4.1-mini', rubric: RUBRIC, settings: { temperature: 0 } })).toEqual({
      judge: 'rubric',
      model: 'openai:gpt-4.1-mini',
      rubric_hash: rubricHash(RUBRIC),
      settings: { temperature: 0 },
      version: `openai:gpt-4.1-mini@${rubricHash(RUBRIC)}`,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../shared/domain';
import { capability } from './demo-words';

const tool = (name: string): ToolSpec => ({ name, description: name, parameters: { type: 'object', properties: {} } }) as ToolSpec;

describe('capability: what the demo agent offers, in plain English', () => {
  it('writes regular plurals of nouns ending in a consonant and y, s, x, ch or sh', () => {
    expect(capability(tool('verify_identity'))).toBe('verify requests for identities');
    expect(capability(tool('issue_policy'))).toBe('policies');
    expect(capability(tool('create_address'))).toBe('new addresses');
    expect(capability(tool('issue_refund'))).toBe('refunds');
  });
});

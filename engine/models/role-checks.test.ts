import { describe, expect, it } from 'vitest';
import { checkRoles } from './role-checks';

describe('role checks', () => {
  it('says nothing about an offline run', () => {
    expect(checkRoles({})).toEqual({ degraded: [], warnings: [] });
    expect(checkRoles({ agent: 'demo' })).toEqual({ degraded: [], warnings: [] });
  });

  it('marks one model in two roles same_model and names the setting that separates them', () => {
    const notes = checkRoles({
      agent: 'openai:gpt-4.1-mini',
      simulator: 'anthropic:claude-sonnet-4-5',
      user_model: 'openai:gpt-4.1-mini',
      judge: 'anthropic:claude-haiku-4-5',
    });
    expect(notes.degraded).toEqual(['same_model']);
    expect(notes.warnings).toEqual([expect.stringContaining('user_model= (models.user_model; --user-model)')]);
    expect(notes.warnings[0]).toContain('the simulated person both run openai:gpt-4.1-mini');
  });

  it('marks a judge that is the agent itself self_judged, and warns about a judge of its family', () => {
    const self = checkRoles({ agent: 'openai:gpt-4.1', simulator: 'offline', user_model: 'offline', judge: 'openai:gpt-4.1' });
    expect(self.degraded).toEqual(['self_judged']);
    expect(self.warnings[0]).toContain("The judge is the agent's own model openai:gpt-4.1");
    const family = checkRoles({
      agent: 'openai:gpt-4.1',
      simulator: 'anthropic:claude-sonnet-4-5',
      user_model: 'compatible:qwen3@http://h:1/v1',
      judge: 'openai:gpt-4.1-mini',
    });
    expect(family.degraded).toEqual([]);
    expect(family.warnings).toEqual([expect.stringMatching(/of the agent's family \(gpt, like openai:gpt-4.1\).*models\.judge/)]);
  });

  it('says which roles run on the offline default when others run on models', () => {
    const notes = checkRoles({ agent: 'openai:gpt-4.1' });
    expect(notes.warnings).toEqual([
      expect.stringContaining(
        'No model for situation writer (the offline template writer), simulated person (the offline ' +
          'template user), judge (the conduct checks)',
      ),
    ]);
  });
});

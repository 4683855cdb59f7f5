import { describe, expect, it } from 'vitest';
import type { Situation } from '../../shared/domain';
import { faultPlanFor } from './fault-plan';
import { privilegedContext } from './privileged-context';

const situation = (overrides: Partial<Situation['dimensions']>, faults: Situation['faults'] = {}): Situation => {
  const dimensions = {
    tool: 'cancel_order',
    rule: 'unspecified',
    stance: 'ordinary',
    world_state: 'entity exists',
    tool_condition: 'success',
    history: 'fresh',
    ...overrides,
  };
  return { scenario_id: 'sc-0123456789', dimensions, world_state: dimensions.world_state, faults };
};

describe('privilegedContext', () => {
  it('states the hidden world and what a good agent does, in strings long enough for the leak check', () => {
    const context = privilegedContext(situation({ world_state: 'entity missing' }));
    expect(Object.keys(context).sort()).toEqual(['hidden_state', 'reference']);
    expect(context.hidden_state).toContain('does not exist');
    expect(context.reference).toContain('not found');
    expect(context.hidden_state!.length).toBeGreaterThanOrEqual(12);
    expect(context.reference!.length).toBeGreaterThanOrEqual(12);
  });

  it('names scheduled faults, the policy clause and the history', () => {
    const context = privilegedContext(
      situation(
        { tool_condition: 'timeout', rule: 'Confirm the amount before any refund.', history: 'prior_failure', stance: 'adversarial' },
        faultPlanFor('timeout'),
      ),
    );
    expect(context.hidden_state).toContain('Calls to every tool time out');
    expect(context.hidden_state).toContain('tried this before');
    expect(context.reference).toContain('Follow the policy: Confirm the amount before any refund.');
    expect(context.reference).toContain('When a call fails');
    expect(context.reference).toContain('pushes');
  });

  it('tells the judge no tool is needed for an unrelated ask', () => {
    expect(privilegedContext(situation({ tool: 'unrelated' })).reference).toContain('call no tool');
  });

  it('maps tool conditions to fault plans as WORLD_CONDITION_MODES says', () => {
    expect(faultPlanFor('stale_result')).toEqual({ '*': { mode: 'stale', rate: 1 } });
    expect(faultPlanFor('malformed_result', 0.5)).toEqual({ '*': { mode: 'malformed', rate: 0.5 } });
    expect(faultPlanFor('success')).toEqual({});
  });
});

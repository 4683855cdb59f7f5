import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, type Route } from './routes';
import { createNavigationStore } from './store';

describe('routes', () => {
  it('round-trip through the hash', () => {
    const routes: Route[] = [
      { view: 'runs' },
      { view: 'new-run' },
      { view: 'new-run', from_run: 'run_a' },
      { view: 'new-run', from_run: 'run_a', repeats: 4 },
      { view: 'run', run_id: 'run_a' },
      { view: 'coverage', run_id: 'run_a' },
      { view: 'label', run_id: 'run_a' },
      { view: 'conversation', run_id: 'run_a', row_id: 'run_a:12' },
      { view: 'conversations', run_id: 'run_a', filters: { stance: ['hurried', 'adversarial'], tool: ['get_order'] }, search: 'refund' },
    ];
    for (const route of routes) expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('keep values with spaces and symbols intact', () => {
    const route: Route = {
      view: 'conversations',
      run_id: 'run_a',
      filters: { world_state: ['entity already acted on'], rule: ['Confirm amounts & payees?'] },
    };
    expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('address the settings screen as #/settings', () => {
    expect(formatRoute({ view: 'settings' })).toBe('#/settings');
    expect(parseRoute('#/settings')).toEqual({ view: 'settings' });
  });

  it("address a run's labeling queue as #/runs/<id>/label", () => {
    expect(formatRoute({ view: 'label', run_id: 'run_a' })).toBe('#/runs/run_a/label');
  });

  it('send anything unknown to the runs list', () => {
    expect(parseRoute('')).toEqual({ view: 'runs' });
    expect(parseRoute('#/nowhere')).toEqual({ view: 'runs' });
  });
});

describe('navigation store', () => {
  it('writes the hash when it navigates', () => {
    const location = { hash: '' };
    const store = createNavigationStore(location);
    store.getState().navigate({ view: 'coverage', run_id: 'run_b' });
    expect(location.hash).toBe('#/runs/run_b/coverage');
    expect(store.getState().route).toEqual({ view: 'coverage', run_id: 'run_b' });
  });
});

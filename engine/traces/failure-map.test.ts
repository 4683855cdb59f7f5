import { describe, expect, it } from 'vitest';
import type { Dimensions } from '../../shared/domain';
import { cellKey, failureMap, type MapTrace } from './failure-map';

const dims = (tool: string, tool_condition = 'success', world_state = 'entity exists'): Dimensions => ({
  tool,
  rule: 'unspecified',
  stance: 'ordinary',
  world_state,
  tool_condition,
  history: 'fresh',
});

const trace = (dimensions: Dimensions, reward: number | null, version: string, at: number): MapTrace => ({
  dimensions,
  faults: dimensions.tool_condition === 'success' ? [] : ['timeout'],
  reward,
  model_version: version,
  started_at_ms: at,
});

const lookupTimeout = dims('get_order', 'timeout');
const cancel = dims('cancel_order');
const refundDenied = dims('issue_refund', 'permission_denied');
const unrelated = dims('unrelated', 'success', 'unspecified');
const missing = dims('get_order', 'success', 'entity missing');

// v2 is listed first on purpose: versions are ordered by their earliest trace, not by file order.
const traces: MapTrace[] = [
  trace(lookupTimeout, 0, 'v2', 2000),
  trace(lookupTimeout, 1, 'v2', 2001),
  trace(cancel, 0, 'v2', 2002),
  trace(refundDenied, 1, 'v2', 2003),
  trace(refundDenied, 1, 'v2', 2004),
  trace(unrelated, 1, 'v2', 2005),
  trace(lookupTimeout, 0, 'v1', 1000),
  trace(lookupTimeout, 0, 'v1', 1001),
  trace(cancel, 1, 'v1', 1002),
  trace(cancel, 1, 'v1', 1003),
  trace(refundDenied, 0, 'v1', 1004),
  trace(missing, 0, 'v1', 1005),
];

describe('failureMap', () => {
  const map = failureMap(traces);
  const cell = (dimensions: Dimensions) => map.cells.find((entry) => entry.key === cellKey(dimensions))!;

  it('orders model versions by their earliest trace and compares the last two', () => {
    expect(map.versions.map((version) => [version.version, version.traces, version.failures])).toEqual([
      ['v1', 6, 4],
      ['v2', 6, 2],
    ]);
    expect(map).toMatchObject({
      current_version: 'v2',
      previous_version: 'v1',
      compares_versions: true,
      n_traces: 12,
      n_graded: 12,
      n_failures: 6,
      warnings: [],
    });
  });

  it('marks new, persistent, stopped failing, uncertain and passing situations', () => {
    expect(cell(cancel)).toMatchObject({
      status: 'new',
      traces: 3,
      failures: 1,
      current: { graded: 1, failures: 1 },
      previous: { graded: 2, failures: 0 },
      is_weak: true,
    });
    expect(cell(lookupTimeout)).toMatchObject({
      status: 'persistent',
      failures: 3,
      fail_rate: 0.75,
      faulted: 4,
      is_weak: true,
      low_support: true,
    });
    expect(cell(refundDenied)).toMatchObject({ status: 'stopped_failing', current: { graded: 2, failures: 0 }, is_weak: false });
    expect(cell(missing)).toMatchObject({ status: 'uncertain', is_weak: true });
    expect(cell(unrelated)).toMatchObject({ status: 'passing', is_weak: false });
  });

  it('ranks by priority: status weight x support x current fail rate', () => {
    // new: 1.0 x (0.5 + 0.5 x 1/6) x (0.25 + 0.75 x 1/1)
    expect(cell(cancel).priority).toBeCloseTo(0.583333, 6);
    // persistent: 0.9 x (0.5 + 0.5 x 1/6) x (0.25 + 0.75 x 1/2)
    expect(cell(lookupTimeout).priority).toBeCloseTo(0.9 * (7 / 12) * 0.625, 6);
    expect(map.cells[0]!.key).toBe(cellKey(cancel));
    expect(map.cells.map((entry) => entry.priority)).toEqual([...map.cells.map((entry) => entry.priority)].sort((a, b) => b - a));
  });

  it('counts every axis value over all six axes', () => {
    expect(map.axes.tool).toEqual([
      { value: 'get_order', traces: 5, graded: 5, failures: 4 },
      { value: 'cancel_order', traces: 3, graded: 3, failures: 1 },
      { value: 'issue_refund', traces: 3, graded: 3, failures: 1 },
      { value: 'unrelated', traces: 1, graded: 1, failures: 0 },
    ]);
    expect(map.axes.history).toEqual([{ value: 'fresh', traces: 12, graded: 12, failures: 6 }]);
  });

  it('says so when one version or no reward leaves nothing to compare', () => {
    const single = failureMap(traces.filter((entry) => entry.model_version === 'v1'));
    expect(single.compares_versions).toBe(false);
    expect(single.cells.find((entry) => entry.key === cellKey(lookupTimeout))?.status).toBe('failing');
    expect(single.warnings[0]).toMatch(/one model version \(v1\), so no failure can be called new/);
    const ungraded = failureMap(traces.map((entry) => ({ ...entry, reward: null })));
    expect(ungraded.cells.every((entry) => entry.status === 'ungraded')).toBe(true);
    expect(ungraded.cells.find((entry) => entry.key === cellKey(lookupTimeout))?.is_weak).toBe(true);
    expect(ungraded.warnings[0]).toMatch(/No trace carries a reward/);
  });

  it('compares the before and after versions chosen, and says when a choice cannot be compared', () => {
    // A third version seen last with one trace: by default it becomes "after" and the statuses rest on it.
    const v3 = [...traces, trace(unrelated, 0, 'v3', 3000)];
    const byDefault = failureMap(v3);
    expect(byDefault).toMatchObject({ previous_version: 'v2', current_version: 'v3', versions_chosen: false });
    expect(byDefault.warnings).toContainEqual(
      expect.stringMatching(/^The traces name 3 model versions; v2 → v3 \(the two seen last\) are compared/),
    );
    expect(byDefault.warnings).toContainEqual(expect.stringMatching(/^The "after" version v3 has 1 graded trace/));
    expect(byDefault.cells.find((entry) => entry.key === cellKey(cancel))?.status).toBe('uncertain');

    const chosen = failureMap(v3, { before_version: 'v1', after_version: 'v2' });
    expect(chosen).toMatchObject({
      previous_version: 'v1',
      current_version: 'v2',
      compares_versions: true,
      versions_chosen: true,
      warnings: [],
    });
    // The same statuses as the two-version map: v3's one trace is counted in the totals, never compared.
    for (const dimensions of [cancel, lookupTimeout, refundDenied, missing]) {
      expect(chosen.cells.find((entry) => entry.key === cellKey(dimensions))?.status).toBe(cell(dimensions).status);
    }
    expect(chosen.n_traces).toBe(13);

    const reversed = failureMap(v3, { before_version: 'v2', after_version: 'v1' });
    expect(reversed.cells.find((entry) => entry.key === cellKey(refundDenied))?.status).toBe('new');

    const gone = failureMap(v3, { before_version: 'v0', after_version: 'v2' });
    expect(gone).toMatchObject({ previous_version: 'v2', current_version: 'v3', versions_chosen: false });
    expect(gone.warnings[0]).toBe(
      'The versions chosen to compare (v0 → v2) cannot be compared: v0 is not in these traces; v2 → v3 ' +
        '(the two seen last) are compared instead.',
    );
    expect(failureMap(v3, { before_version: 'v2', after_version: 'v2' }).warnings[0]).toMatch(/they are the same version/);
  });
});

import { describe, expect, it } from 'vitest';
import { explicitModeSettings, modeSettingsOf, resolveModeSettings, RunConfig } from '../../shared/domain';
import { adaptiveExploreShare, runModeFor } from './run-mode';

const config = (overrides: Record<string, unknown>) =>
  RunConfig.parse({ source: { kind: 'describe', sentence: 'an orders desk' }, ...overrides });

describe('resolveModeSettings', () => {
  it('fills what was left unset with the mode defaults of the SDK', () => {
    expect(resolveModeSettings({ mode: 'rl' })).toMatchObject({
      phrasings: 1,
      repeats: 8,
      repeat_policy: 'successive',
      fault_rate: 0.8,
      prefer_success: false,
    });
    expect(resolveModeSettings({ mode: 'sft' })).toMatchObject({
      phrasings: 3,
      repeats: 4,
      repeat_policy: 'adaptive',
      fault_rate: 0.5,
      prefer_success: true,
    });
    expect(resolveModeSettings({})).toMatchObject({
      mode: 'explore',
      phrasings: 1,
      repeats: 1,
      repeat_policy: 'none',
      fault_rate: 0.5,
      prefer_success: true,
    });
  });

  it("keeps every setting the person gave, and lists only the others as the mode's", () => {
    const settings = resolveModeSettings({ mode: 'rl', fault_rate: 0.3, repeats: 16 });
    expect(settings).toMatchObject({ repeats: 16, fault_rate: 0.3, prefer_success: false });
    expect(settings.from_mode).toEqual(['phrasings', 'prefer_success', 'repeat_policy']);
  });

  it('gives adaptive k 2 on a clock under 90 s, unless it walks to saturation', () => {
    expect(resolveModeSettings({ mode: 'adaptive' }).repeats).toBe(3);
    expect(resolveModeSettings({ mode: 'adaptive', time_budget: 60 }).repeats).toBe(2);
    expect(resolveModeSettings({ mode: 'adaptive', time_budget: 60, until: 'saturation' }).repeats).toBe(3);
  });
});

describe('a stored config', () => {
  it("counts a setting as the person's when listed in set_by_caller or different from explore's default", () => {
    expect(explicitModeSettings(config({ mode: 'rl' }))).toEqual({});
    expect(explicitModeSettings(config({ mode: 'rl', repeats: 3 }))).toEqual({ repeats: 3 });
    expect(explicitModeSettings(config({ mode: 'rl', fault_rate: 0.5, set_by_caller: ['fault_rate'] }))).toEqual({ fault_rate: 0.5 });
    expect(modeSettingsOf(config({ mode: 'rl', fault_rate: 0.5, set_by_caller: ['fault_rate'] }))).toMatchObject({
      repeats: 8,
      fault_rate: 0.5,
    });
  });

  it('stored before modes were applied, an explore run reads exactly as it ran', () => {
    const stored = {
      source: { kind: 'describe', sentence: 'a clinic scheduler' },
      budget: 64,
      seed: 7,
      mode: 'explore',
      phrasings: 2,
      repeats: 1,
      fault_rate: 0.5,
      prefer_success: true,
    };
    expect(modeSettingsOf(RunConfig.parse(stored))).toMatchObject({
      phrasings: 2,
      repeats: 1,
      fault_rate: 0.5,
      prefer_success: true,
      repeat_policy: 'none',
    });
  });
});

describe('runModeFor', () => {
  it('probes two rollouts per prompt under successive and runs all of k under fixed', () => {
    expect(runModeFor({ mode: 'rl' }).initial_repeats).toBe(2);
    expect(runModeFor({ mode: 'rl', repeat_policy: 'fixed' }).initial_repeats).toBe(8);
    expect(runModeFor({ mode: 'sft' }).initial_repeats).toBe(1);
    // A k the person set runs at once under the adaptive policy (SDK k_immediate).
    expect(runModeFor({ mode: 'sft', repeats: 4 }).initial_repeats).toBe(4);
  });

  it('words the defaults the mode applied, and warns that a clocked run is not reproducible', () => {
    const { warnings } = runModeFor({ mode: 'rl', time_budget: 120 });
    expect(warnings[0]).toBe(
      'Mode rl filled the settings left unset: repeats 8, fault_rate 0.8, prefer_success false, ' +
        'repeat_policy successive (2 probe rollouts per prompt; the other 6 only where those disagree). ' +
        'Set any of them to override it.',
    );
    expect(warnings[1]).toContain('not reproducible row for row');
    expect(runModeFor({}).warnings).toEqual([]);
  });

  it('leaves adaptive more room for re-runs on a short clock', () => {
    expect(adaptiveExploreShare(15, 'compute')).toBeCloseTo(0.3);
    expect(adaptiveExploreShare(undefined, 'compute')).toBeCloseTo(0.8);
    expect(adaptiveExploreShare(15, 'saturation')).toBeGreaterThan(0.3);
    expect(runModeFor({ mode: 'adaptive', time_budget: 15 }).rerun_share).toBeCloseTo(0.7);
    expect(runModeFor({ mode: 'rl' }).rerun_share).toBe(1);
  });
});

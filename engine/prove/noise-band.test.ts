import { describe, expect, it } from 'vitest';
import { evalNoise, noiseBand, type RunValue } from './noise-band';

function run(name: string | null, passes: readonly number[]): RunValue[] {
  return passes.map((value, index) => ({ task_id: `t${index}`, value, eval_run: name }));
}

describe('noiseBand', () => {
  it('uses 1.96 for a bare run_std', () => {
    expect(noiseBand(0.02)).toBeCloseTo(1.96 * 0.02 * Math.SQRT2, 12);
  });

  it('uses the t quantile at the given df', () => {
    expect(noiseBand(0.02, { runsA: 3, runsB: 3, df: 4 })).toBeCloseTo(2.776 * 0.02 * Math.sqrt(2 / 3), 12);
  });
});

describe('evalNoise', () => {
  it('is unmeasured with one eval run a side', () => {
    expect(evalNoise(run(null, [1, 0, 1]), run(null, [1, 1, 1]))).toEqual({
      runs_a: 1,
      runs_b: 1,
      run_std: null,
      df: null,
      noise_band: null,
    });
  });

  it('pools the per-run spread when both sides have two runs', () => {
    // Run pass@1: before 0.5 and 0.75 (sd 0.1768), after 0.75 and 1 (sd 0.1768); df = 2.
    const before = [...run('r1', [1, 0, 1, 0]), ...run('r2', [1, 1, 1, 0])];
    const after = [...run('r1', [1, 1, 1, 0]), ...run('r2', [1, 1, 1, 1])];
    const noise = evalNoise(before, after);
    expect(noise).toMatchObject({ runs_a: 2, runs_b: 2, run_std: 0.1768, df: 2 });
    expect(noise.noise_band).toBeCloseTo(4.303 * 0.1768 * 1, 3);
  });

  it('compares runs on the tasks every run of a side covers', () => {
    // Run r2 also has a failing extra task; over the shared tasks both runs score 0.75.
    const before = [...run('r1', [1, 1, 1, 0]), ...run('r2', [1, 1, 1, 0]), { task_id: 'extra', value: 0, eval_run: 'r2' }];
    const after = [...run('r1', [1, 1, 1, 1]), ...run('r2', [1, 1, 1, 1])];
    expect(evalNoise(before, after)).toMatchObject({ run_std: 0, noise_band: 0 });
  });
});

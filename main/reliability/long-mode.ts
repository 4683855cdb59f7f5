/**
 * How hard the reliability tests push. CI (`npm run test:unit`) runs the short settings: 3 kills per crash scenario
 * within a minute, 30 inputs per API method, 300 cases per importer fuzz property, a 24-row soak. The `--long` switch,
 * `npm run test:long` (run-reliability.ts, which sets WHILE_LONG=1; plain `WHILE_LONG=1 npx vitest run ...` works
 * too), runs the long ones. Each figure can also be set on its own through the environment variable named beside it.
 */
export interface ReliabilitySettings {
  isLong: boolean;
  /** Kills per crash scenario (WHILE_CRASH_ITERATIONS). */
  crashIterations: number;
  /** Wall-clock cap per crash scenario, in ms: the loop stops at whichever comes first (WHILE_CRASH_MINUTES). */
  crashBudgetMs: number;
  /** Random inputs per API method (WHILE_API_RUNS). */
  apiRuns: number;
  /** Rows per model-fault soak run (WHILE_SOAK_ROWS). */
  soakRows: number;
  /** Seed of the crash points; printed with every failure so a loop can be replayed (WHILE_CRASH_SEED). */
  seed: number;
  /** fast-check's seed: fixed at CI settings (the same cases every run), fresh in long mode (WHILE_FUZZ_SEED replays). */
  fuzz: { seed?: number };
}

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function reliabilitySettings(): ReliabilitySettings {
  const isLong = process.env.WHILE_LONG === '1';
  return {
    isLong,
    crashIterations: Math.round(numberFrom('WHILE_CRASH_ITERATIONS', isLong ? 40 : 3)),
    crashBudgetMs: numberFrom('WHILE_CRASH_MINUTES', isLong ? 15 : 1) * 60_000,
    apiRuns: Math.round(numberFrom('WHILE_API_RUNS', isLong ? 400 : 30)),
    soakRows: Math.round(numberFrom('WHILE_SOAK_ROWS', isLong ? 400 : 24)),
    seed: Math.round(numberFrom('WHILE_CRASH_SEED', 20_251_130)),
    fuzz: fuzzSeed(isLong),
  };
}

function fuzzSeed(isLong: boolean): { seed?: number } {
  const replay = Number(process.env.WHILE_FUZZ_SEED);
  if (process.env.WHILE_FUZZ_SEED !== undefined && Number.isInteger(replay)) return { seed: replay };
  return isLong ? {} : { seed: 20_261_130 };
}

/** A vitest timeout for one property over every input of an API method (`apiRuns` of them). */
export function apiTimeout(settings: ReliabilitySettings): number {
  return Math.max(120_000, settings.apiRuns * 2_000);
}

/** A vitest timeout for a crash loop: its set-up, its wall-clock budget, and room for the iteration under way. */
export function loopTimeout(settings: ReliabilitySettings, setupMs: number): number {
  return setupMs + settings.crashBudgetMs + 60_000;
}

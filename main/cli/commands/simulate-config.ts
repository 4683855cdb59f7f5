import { InvalidArgumentError } from 'commander';
import {
  RunConfig,
  type Mode,
  type ModeSetting,
  type PatienceSetting,
  type RepeatPolicy,
  type RunConfigInput,
  type Until,
} from '../../../shared/domain';
import { parseSpecText } from '../../../engine/index';
import type { AppContext } from '../../services/app/app-context';
import { ServiceError } from '../../services/app/service-error';
import { readTextFile } from '../../services/app/text-file';
import { replayedSpec } from '../../services/runs/runs-service';

// `wai simulate`'s flags as a run config: what each flag sets, and the parsers of their values.

export const temperature = (value: string) => {
  const number = Number(value);
  if (!(number >= 0 && number <= 2)) throw new InvalidArgumentError('a temperature from 0 to 2');
  return number;
};

export const seconds = (value: string) => {
  const number = Number(value);
  if (!(number > 0 && number <= 3600)) throw new InvalidArgumentError('seconds, more than 0 and at most 3600');
  return number;
};

/** A thread length target: a number of turns from 1 to 200. */
export const avgTurns = (value: string) => {
  const number = Number(value);
  if (!(number >= 1 && number <= 200)) throw new InvalidArgumentError('a number of turns from 1 to 200');
  return number;
};

/** Seconds of wall-clock a run may take: more than 0, at most 30 days. */
export const timeBudget = (value: string) => {
  const number = Number(value);
  if (!(number > 0 && number <= 30 * 24 * 3600)) throw new InvalidArgumentError('seconds, more than 0 and at most 30 days (2592000)');
  return number;
};

/** The roles the flags name; undefined when none does (an offline run's config stays as it was). */
function modelsOf(flags: SimulateFlags): RunConfigInput['models'] | undefined {
  const models = {
    ...(flags.agent ? { agent: flags.agent } : {}),
    ...(flags.simulator ? { simulator: flags.simulator } : {}),
    ...(flags.userModel ? { user_model: flags.userModel } : {}),
    ...(flags.judge ? { judge: flags.judge } : {}),
  };
  return Object.keys(models).length > 0 ? models : undefined;
}

export interface SimulateFlags {
  describe?: string;
  spec?: string;
  rows: number;
  seed: number;
  concurrency: number;
  mode: Mode;
  repeatPolicy?: RepeatPolicy;
  timeBudget?: number;
  /** Unset: the mode's default. */
  faultRate?: number;
  preferSuccess?: boolean;
  until: Until;
  situations?: number;
  phrasings?: number;
  repeats?: number;
  agent?: string;
  simulator?: string;
  userModel?: string;
  judge?: string;
  logprobs?: boolean | string;
  temperature?: number;
  timeout?: number;
  out?: string;
  name?: string;
  replayOf?: string;
  grader?: string;
  graderVersion?: string;
  hardShare?: number;
  patience?: PatienceSetting;
  avgTurns?: number;
}

/** The run's grader as the flags name it; `--grader-version` alone is refused, as `wai grade --version` without a judge would be. */
function graderOf(flags: SimulateFlags): RunConfigInput['grader'] {
  if (flags.grader === undefined) {
    if (flags.graderVersion !== undefined)
      throw new ServiceError('VALIDATION_FAILED', '--grader-version names the version of a --grader: give the grader too.');
    return undefined;
  }
  return { judge: flags.grader, ...(flags.graderVersion === undefined ? {} : { version: flags.graderVersion }), cwd: process.cwd() };
}

async function sourceFrom(context: AppContext, flags: SimulateFlags): Promise<RunConfigInput['source']> {
  const given = [flags.describe, flags.spec, flags.replayOf].filter(Boolean).length;
  if (given !== 1)
    throw new ServiceError('VALIDATION_FAILED', 'Give exactly one of --describe "SENTENCE", --spec FILE or --replay-of RUN_ID.');
  if (flags.describe) return { kind: 'describe', sentence: flags.describe };
  if (flags.spec) return { kind: 'spec', spec: parseSpecText(await readTextFile(flags.spec), flags.spec) };
  return { kind: 'spec', spec: replayedSpec(context, flags.replayOf!) };
}

/** The mode settings the flags name: they win over the mode's defaults, and the run records them as the caller's. */
function modeSettingsOf(flags: SimulateFlags): Partial<Pick<RunConfigInput, ModeSetting>> {
  return {
    ...(flags.phrasings === undefined ? {} : { phrasings: flags.phrasings }),
    ...(flags.repeats === undefined ? {} : { repeats: flags.repeats }),
    ...(flags.faultRate === undefined ? {} : { fault_rate: flags.faultRate }),
    ...(flags.preferSuccess === undefined ? {} : { prefer_success: flags.preferSuccess }),
  };
}

export async function configFrom(context: AppContext, flags: SimulateFlags): Promise<RunConfig> {
  const source = await sourceFrom(context, flags);
  const given = modeSettingsOf(flags);
  const input: RunConfigInput = {
    source,
    budget: flags.rows,
    seed: flags.seed,
    concurrency: flags.concurrency,
    mode: flags.mode,
    ...given,
    set_by_caller: Object.keys(given) as ModeSetting[],
    ...(flags.repeatPolicy === undefined ? {} : { repeat_policy: flags.repeatPolicy }),
    ...(flags.timeBudget === undefined ? {} : { time_budget: flags.timeBudget }),
    until: flags.until,
    ...(flags.situations === undefined ? {} : { situations: flags.situations }),
    ...(modelsOf(flags) ? { models: modelsOf(flags) } : {}),
    ...(flags.logprobs === undefined ? {} : { logprobs: flags.logprobs === 'tokens' ? ('tokens' as const) : true }),
    ...(flags.temperature === undefined ? {} : { temperature: flags.temperature }),
    ...(flags.timeout === undefined ? {} : { timeout: flags.timeout }),
    ...(flags.name ? { name: flags.name } : {}),
    ...(flags.replayOf ? { replay_of: flags.replayOf } : {}),
    ...(graderOf(flags) ? { grader: graderOf(flags) } : {}),
    ...(flags.hardShare === undefined ? {} : { hard_share: flags.hardShare }),
    ...(flags.patience === undefined ? {} : { patience: flags.patience }),
    ...(flags.avgTurns === undefined ? {} : { avg_turns: flags.avgTurns }),
  };
  return RunConfig.parse(input);
}

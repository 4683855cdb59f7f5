import { judgeKey } from '../../../shared/api/grades';
import {
  CONDUCT_PROVENANCE,
  decisionVersion,
  JudgeConfigError,
  ModelCallError,
  rubricProvenance,
  watchedJudge,
  type Judge,
} from '../../../engine/index';
import { commandJudge, loadModuleJudge } from '../../../engine/node';
import type { JudgeSpec } from './judge-spec';
import { modelJudge } from '../settings/model-roles';
import type { KeyRing } from '../settings/secrets';
import { ServiceError } from '../app/service-error';
import { asSentence } from '../app/sentence';

/** The name and version a judge spec grades under (what `judgeKey` joins). */
function identityOf(spec: Exclude<JudgeSpec, { kind: 'conduct' }>): { name: string; version: string } {
  switch (spec.kind) {
    case 'command':
    case 'module':
      return { name: spec.name, version: spec.version };
    case 'model': {
      if (spec.decision) return { name: spec.name ?? 'decision', version: decisionVersion(spec.model) };
      const provenance = rubricProvenance({
        model: spec.model,
        rubric: spec.rubric ?? '',
        settings: {},
        ...(spec.name ? { name: spec.name } : {}),
      });
      return { name: provenance.judge, version: provenance.version! };
    }
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}

/** The keys of the judges a job runs, in order: the conduct checks, then the chosen judge. */
export function judgeKeysOf(spec: JudgeSpec): string[] {
  const conduct = judgeKey(CONDUCT_PROVENANCE.judge, CONDUCT_PROVENANCE.version);
  if (spec.kind === 'conduct') return [conduct];
  const { name, version } = identityOf(spec);
  return [conduct, judgeKey(name, version)];
}

/** A loaded judge, and why grading must stop now (a model refused the key or is out of credit), else null. */
export interface LoadedJudge {
  judge: Judge;
  stopReason(): string | null;
}

export interface LoadJudgeOptions {
  /** Where a model judge's key is looked up (the environment, then the desktop's stored keys). */
  keys: KeyRing;
  /** Rows judged at once: a model judge's calls in flight. */
  concurrency: number;
  /** The per-row limit: a model call never outlives its row. */
  timeout_ms: number | null;
}

/**
 * A model judge whose auth or quota failure is remembered: every later row would fail the same way, so the job
 * stops at once (the row itself is graded `error`, reward null, as any failed row).
 */
function stoppingOnAccountFailure(judge: Judge): LoadedJudge {
  let reason: string | null = null;
  const watched = watchedJudge(judge, (error) => {
    if (ModelCallError.isInstance(error) && error.stopsRun) reason ??= `Grading stopped: the judge's model ${error.message}`;
  });
  return { judge: watched, stopReason: () => reason };
}

/** The chosen judge, ready to grade; null for the conduct checks alone. Throws ServiceError VALIDATION_FAILED when it cannot load. */
export async function loadJudge(spec: JudgeSpec, options: LoadJudgeOptions): Promise<LoadedJudge | null> {
  const plain = (judge: Judge): LoadedJudge => ({ judge, stopReason: () => null });
  try {
    switch (spec.kind) {
      case 'conduct':
        return null;
      case 'command':
        return plain(
          commandJudge({ command: spec.command, args: spec.args, mode: spec.mode, version: spec.version, name: spec.name, cwd: spec.cwd }),
        );
      case 'module':
        return plain(await loadModuleJudge({ path: spec.path, version: spec.version, name: spec.name }));
      case 'model': {
        const judge = modelJudge(spec.spec, {
          keys: options.keys,
          rubric: spec.rubric ?? '',
          policy: spec.policy,
          concurrency: options.concurrency,
          ...(spec.name ? { name: spec.name } : {}),
          ...(options.timeout_ms === null ? {} : { timeout_s: options.timeout_ms / 1000 }),
        });
        if (!judge)
          throw new ServiceError('VALIDATION_FAILED', `"${spec.spec}" is not a model judge.`, [{ path: 'judge', message: 'not a model' }]);
        return stoppingOnAccountFailure(judge);
      }
      default: {
        const unreachable: never = spec;
        return unreachable;
      }
    }
  } catch (error) {
    if (JudgeConfigError.isInstance(error))
      throw new ServiceError('VALIDATION_FAILED', asSentence(error.message), [{ path: 'judge', message: error.message }]);
    throw error;
  }
}

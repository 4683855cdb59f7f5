import type { Row } from '../../../shared/domain';
import type { Judge, JudgeContext, JudgeOutput } from './judge';
import { JudgeConfigError } from './judge-config-error';

/** A judge written as a function: `(row) => result` (sync or async), any value the judge contract allows. */
export type JudgeFunction = (row: Row, context: JudgeContext) => unknown;

export interface FunctionJudgeOptions {
  /** Required: a custom judge's grades must say which edit of it made them. */
  version: string;
  /** Defaults to `lambda_judge`, as the SDK names an anonymous judge. */
  name?: string;
  scale?: readonly [number, number];
  /** Recorded on provenance (e.g. the module path or the command). */
  settings?: Record<string, unknown>;
}

export function requireVersion(version: string | undefined, what: string): string {
  if (typeof version !== 'string' || version.trim() === '') {
    throw new JudgeConfigError(`${what} needs a version (e.g. "v1" or a commit), so its grades can be told apart from the next edit's`);
  }
  return version;
}

/** A custom judge from an in-process function. Its answers are normalised by `runJudge` like any judge's. */
export function functionJudge(run: JudgeFunction, options: FunctionJudgeOptions): Judge {
  const version = requireVersion(options.version, 'a custom judge');
  const name = options.name ?? 'lambda_judge';
  return {
    name,
    label_source: 'custom',
    provenance: { judge: name, model: null, rubric_hash: null, settings: options.settings ?? {}, version },
    ...(options.scale ? { scale: options.scale } : {}),
    judge: async (row, context) => (await run(row, context)) as JudgeOutput,
  };
}

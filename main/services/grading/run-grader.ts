import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppMode, Issue } from '../../../shared/api';
import { z } from 'zod';
import type { Provenance, RunConfig, RunGrader, Spec } from '../../../shared/domain';
import { DEFAULT_JUDGE_TIMEOUT_MS, judgeInLoop, type LoopGrade, type LoopGrader } from '../../../engine/index';
import { clockFromNode } from '../../../engine/node';
import type { Db } from '../../store/database';
import { listRowGrades } from '../../store/grades/grades-repository';
import { ServiceError } from '../app/service-error';
import { missingKeyIssues } from '../settings/model-roles';
import type { KeyRing } from '../settings/secrets';
import { loadJudge } from './grade-judges';
import { parseJudgeSpec, type JudgeSpec } from './judge-spec';

const Markers = z.record(z.string(), z.number());

/** Command and module judges need a version; a grader left without one gets one from what it runs. */
const VERSIONED_KINDS = /^\s*(command|module):/;

/** The grader's fields as `wai grade` reads them, its issues at the run config's paths (`grader.judge`...). */
function judgeSpecOf(grader: RunGrader, spec: Spec, version: string | undefined): JudgeSpec {
  try {
    return parseJudgeSpec(grader.judge, {
      version,
      name: grader.name,
      mode: grader.mode,
      cwd: grader.cwd ?? process.cwd(),
      rubric: grader.rubric,
      policy: { system_prompt: spec.system_prompt, rules: spec.policy_rules },
    });
  } catch (error) {
    if (!ServiceError.isInstance(error)) throw error;
    const issues = error.issues?.map((issue): Issue => ({ ...issue, path: `grader.${issue.path}` }));
    throw new ServiceError(error.code, `The grader: ${error.message}`, issues);
  }
}

/**
 * A version for a command or module judge given none: `sha-` and 12 hex of its text and of the files it names (the
 * script a command runs, the module), so an edit of the grader is another judge, as a new --version would be.
 */
function contentVersion(judge: JudgeSpec): string {
  const hash = createHash('sha256');
  const files = judge.kind === 'command' ? [judge.command, ...judge.args].map((word) => resolve(judge.cwd, word)) : [];
  if (judge.kind === 'command') hash.update(JSON.stringify([judge.command, ...judge.args]));
  if (judge.kind === 'module') files.push(judge.path);
  for (const path of files) if (existsSync(path) && statSync(path).isFile()) hash.update(readFileSync(path));
  return `sha-${hash.digest('hex').slice(0, 12)}`;
}

/**
 * The run's grader as it is stored with the run: checked as `wai grade` checks a judge (a model judge needs its key),
 * with the folder it runs in and, for a command or module judge given no version, one from its contents. Throws
 * ServiceError VALIDATION_FAILED before anything is stored.
 */
export function resolveRunGrader(grader: RunGrader, spec: Spec, options: { keys: KeyRing; mode: AppMode }): RunGrader {
  const withCwd: RunGrader = { ...grader, cwd: grader.cwd ?? process.cwd() };
  const needsVersion = grader.version === undefined && VERSIONED_KINDS.test(grader.judge);
  const judge = judgeSpecOf(withCwd, spec, needsVersion ? 'unversioned' : grader.version);
  if (judge.kind === 'model') {
    const issues = missingKeyIssues({ judge: judge.spec }, options).map((issue) => ({ ...issue, path: 'grader.judge' }));
    if (issues.length > 0) throw new ServiceError('VALIDATION_FAILED', issues.map((issue) => issue.message).join(' '), issues);
  }
  return needsVersion ? { ...withCwd, version: contentVersion(judge) } : withCwd;
}

/** The run's grader, loaded for the loop, and what to close when the run stops. */
export interface LoadedRunGrader {
  grader: LoopGrader;
  /** Who grades: every grade it makes carries it, and a resumed row's stored grade is found by it. */
  provenance: Provenance;
  close(): Promise<void>;
}

/**
 * The run's grader ready to grade rows as they land, built as `wai grade` builds its judge (the same loading,
 * concurrency cap, retries, per-row timeout and provenance). Undefined when the run has none, or names the conduct
 * checks (stored with every row anyway).
 */
export async function loadRunGrader(
  config: Pick<RunConfig, 'grader' | 'concurrency'>,
  spec: Spec,
  options: { keys: KeyRing },
): Promise<LoadedRunGrader | undefined> {
  if (!config.grader) return undefined;
  const judgeSpec = judgeSpecOf(config.grader, spec, config.grader.version);
  const loaded = await loadJudge(judgeSpec, { keys: options.keys, concurrency: config.concurrency, timeout_ms: DEFAULT_JUDGE_TIMEOUT_MS });
  if (!loaded) return undefined;
  const grader = judgeInLoop(loaded.judge, {
    clock: clockFromNode,
    timeout_ms: DEFAULT_JUDGE_TIMEOUT_MS,
    declared_tools: spec.tools.map((tool) => tool.name),
  });
  return { grader, provenance: loaded.judge.provenance, close: async () => loaded.judge.close?.() };
}

/** A stored row's newest grade from the run's grader, as the loop reads it; undefined when it has none. */
export function storedLoopGrade(db: Db, rowId: string, provenance: Provenance): LoopGrade | undefined {
  const stored = listRowGrades(db, rowId).find(
    (grade) => grade.judge_name === provenance.judge && grade.provenance.version === provenance.version,
  );
  if (!stored) return undefined;
  const { id: _id, run_id: _runId, judge_name: _name, judge_key: _key, is_latest: _latest, ...grade } = stored;
  const markers = Markers.safeParse(grade.judge_meta['markers']);
  return { grade, markers: markers.success ? markers.data : null };
}

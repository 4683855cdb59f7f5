import { z } from 'zod';
import { clipWords } from '../../../shared/domain/clip-words';
import { ENV_DESCRIPTION_CHARS, ENV_MAX_TURNS_FALLBACK, SDK_VERSION } from '../constants';
import type { ExportInput, RunContext } from '../export-input';
import { scrubPrivileged } from '../gates/scrub';
import type { RowStream } from '../source';
import { type BuildTasksOptions, type BuiltTasks, buildTasks, type EnvironmentTask } from './build-tasks';
import { EnvironmentExportError } from './environment-export-error';
import { environmentName, referenceProblem } from './environment-name';
import { environmentReadme } from './package-text';
import { evalDefaults, pyproject } from './pyproject-text';
import { PYTHON_INIT } from './python-init';
import { PYTHON_REWARDS } from './python-rewards';
import { PYTHON_WORLD } from './python-world';

/** The world dials `load_environment(world=...)` accepts: the engine world's own options (`CreateWorldOptions`). */
export const WorldDials = z
  .object({
    known_ids: z.array(z.string()).optional(),
    result_shapes: z.record(z.string(), z.unknown()).optional(),
    exists_share: z.number().min(0).max(1).optional(),
    search_hits: z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([low, high]) => low <= high, 'search_hits is [low, high]')
      .optional(),
  })
  .strict();
export type WorldDials = z.infer<typeof WorldDials>;

export interface EnvironmentOptions extends BuildTasksOptions {
  /** Raw name (e.g. the output folder's); normalised to a module name. */
  name?: string;
  context: RunContext;
  /** `module:attr` of the reward; default the package's own process reward. */
  reward?: string | null;
  /** `module:attr` of a real tool executor `(name, arguments, info)`; default the mock world. */
  execute?: string | null;
  max_turns?: number;
  description?: string;
  world?: Record<string, unknown>;
}

export interface EnvironmentFile {
  /** Relative to the chosen folder, `/`-separated. */
  path: string;
  content: string;
}

export interface EnvironmentReport {
  name: string;
  runtime: 'verifiers';
  prompts: number;
  tasks: number;
  train: number;
  holdout: number;
  graded_prompts: number;
  graded_mixed: number;
  band: [number, number] | null;
  band_dropped: number;
  decontamination: BuiltTasks['decontamination'];
  reward: string;
  execute: string | null;
  max_turns: number;
  files: string[];
  warnings: string[];
}

const jsonl = (tasks: readonly EnvironmentTask[]) => tasks.map((task) => `${JSON.stringify(task)}\n`).join('');

function checkWorld(world: Record<string, unknown> | undefined): WorldDials {
  const parsed = WorldDials.safeParse(world ?? {});
  if (!parsed.success) {
    throw new EnvironmentExportError(
      `world dials: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`,
    );
  }
  return scrubPrivileged(parsed.data);
}

/**
 * `export_environment`: the installable verifiers package as files (pyproject.toml, README.md, the module with
 * `load_environment`, its eval defaults, spec.json, data/train.jsonl and, when it has tasks, data/holdout.jsonl) and
 * the report. Throws
 * EnvironmentExportError when no train task is left or a reference or world dial is unusable.
 */
export async function exportEnvironment(
  rows: RowStream<ExportInput>,
  options: EnvironmentOptions,
): Promise<{ files: EnvironmentFile[]; report: EnvironmentReport }> {
  const name = environmentName(options.name);
  const reward = options.reward ?? `${name}:checklist_reward`;
  for (const reference of [reward, options.execute].filter((value): value is string => typeof value === 'string')) {
    const problem = referenceProblem(reference);
    if (problem) throw new EnvironmentExportError(problem);
  }
  const world = checkWorld(options.world);
  const maxTurns = options.max_turns ?? ENV_MAX_TURNS_FALLBACK;
  if (!Number.isInteger(maxTurns) || maxTurns < 1)
    throw new EnvironmentExportError(`max_turns must be a positive integer, got ${maxTurns}`);
  const tasks = await buildTasks(rows, options);
  if (tasks.train.length === 0) {
    throw new EnvironmentExportError(
      `no train tasks: ${tasks.prompts} prompts, ${tasks.band_dropped} outside the band, ` +
        `${tasks.holdout.length} in holdout, ${tasks.decontamination.n_contaminated} contaminated`,
    );
  }
  const warnings: string[] = [];
  if (tasks.graded_mixed === 0) {
    warnings.push(
      tasks.graded_prompts === 0
        ? 'no_mixed_groups: no prompt was graded, so no task has a measured difficulty'
        : 'no_mixed_groups: no graded prompt has both passes and failures (or none has 2 graded rollouts): ' +
            'RL learns nothing from tasks the policy always or never solves',
    );
  }
  if (options.reward == null) {
    warnings.push(
      'reward: the default checklist reward is a process reward (conduct: declared tools, no invented ' +
        'ids, faults acknowledged), not an outcome check',
    );
  }
  if (tasks.holdout.length === 0)
    warnings.push('holdout is empty, so no holdout file was written: eval_dataset falls back to the train tasks');
  if (tasks.decontamination.n_contaminated > 0)
    warnings.push(`${tasks.decontamination.n_contaminated} train tasks near-copied a holdout task and were dropped`);
  const agent = clipWords(options.context.system_prompt.split('\n')[0]!, ENV_DESCRIPTION_CHARS);
  const description = options.description?.trim() || `Tool-use tasks for the agent "${agent}", exported by While Studio.`;
  const spec = scrubPrivileged({
    name,
    system_prompt: options.context.system_prompt,
    tools: options.context.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
    max_turns: maxTurns,
    reward,
    execute: options.execute ?? null,
    sdk_version: SDK_VERSION,
    world,
  });
  const files: EnvironmentFile[] = [
    { path: 'pyproject.toml', content: pyproject(name, description) },
    {
      path: 'README.md',
      content: environmentReadme({
        name,
        description,
        tasks,
        tools: options.context.tools,
        max_turns: maxTurns,
        reward,
        execute: options.execute ?? null,
        world,
        warnings,
      }),
    },
    { path: `${name}/__init__.py`, content: PYTHON_INIT },
    { path: `${name}/world.py`, content: PYTHON_WORLD },
    { path: `${name}/rewards.py`, content: PYTHON_REWARDS },
    { path: `${name}/pyproject.toml`, content: evalDefaults() },
    { path: `${name}/spec.json`, content: `${JSON.stringify(spec, null, 2)}\n` },
    { path: `${name}/data/train.jsonl`, content: jsonl(tasks.train) },
    // No empty split is written: the package reads a missing file as no tasks.
    ...(tasks.holdout.length > 0 ? [{ path: `${name}/data/holdout.jsonl`, content: jsonl(tasks.holdout) }] : []),
  ];
  return {
    files,
    report: {
      name,
      runtime: 'verifiers',
      prompts: tasks.prompts,
      tasks: tasks.tasks,
      train: tasks.train.length,
      holdout: tasks.holdout.length,
      graded_prompts: tasks.graded_prompts,
      graded_mixed: tasks.graded_mixed,
      band: tasks.band,
      band_dropped: tasks.band_dropped,
      decontamination: tasks.decontamination,
      reward,
      execute: options.execute ?? null,
      max_turns: maxTurns,
      files: files.map((file) => file.path),
      warnings,
    },
  };
}

import type { z } from 'zod';
import type { PreflightCheck, PreflightConfig, PreflightOutput } from '../../../shared/api/runs';
import { AXES, modeSettingsOf, type AxisValues, type RoleModels } from '../../../shared/domain';
import { idLikeParameters, planGrid, SATURATION_COPIES, stableJson, toolKnownIds, toolParts } from '../../../engine/index';
import { probeCommandAgent, type CommandProbe } from '../../../engine/node';
import type { AppContext } from '../app/app-context';
import { agentTemperatureProblem, missingKeyIssues, parseRoles } from '../settings/model-roles';
import { keyRing, storedKeys } from '../settings/secrets';
import { ServiceError } from '../app/service-error';
import { modelProbeChecks } from './model-probe-checks';
import { checkSpec, draftFromSentence } from './specs-service';

type Config = z.output<typeof PreflightConfig>;

const ROLES = ['agent', 'simulator', 'user_model', 'judge'] as const satisfies readonly (keyof RoleModels)[];

/** Why two roles should not share a model, and the setting that separates them. */
const SEPARATION: Record<(typeof ROLES)[number], string> = {
  agent: 'the agent under test',
  simulator: 'the situation writer writes asks the agent finds easy; set a different simulator model',
  user_model: 'the simulated person writes like the agent it talks to; set a different user model',
  judge: "a judge grading its own model's writing prefers it; give the judge a model of another family",
};

/**
 * The checks shown before Start: the spec's own issues (errors) and warnings, no tools, tools that look records up
 * with no id the writer can use, model specs that do not parse or have no key, a temperature outside the agent's
 * provider's range, one model in two roles, a budget below situations x phrasings x repeats (as the mode resolves
 * them), and a saturation run whose budget cannot give every planned cell its copies; then a command agent that does
 * not start and a model that fails one test call (`modelProbeChecks`). Errors block Start in the app.
 */
export async function preflightRun(context: AppContext, config: Config): Promise<PreflightOutput> {
  const output = preflightChecks(context, config);
  const [agent, probes] = await Promise.all([agentStartChecks(config.models), modelProbeChecks(context, config.models)]);
  const started = [...agent, ...probes];
  return started.length === 0 ? output : { ...output, checks: sortChecks([...output.checks, ...started]) };
}

/** Every check but the command agent's start (which runs the command): the spec, the models, the settings. */
export function preflightChecks(context: AppContext, config: Config): PreflightOutput {
  const checks: PreflightCheck[] = [];
  const spec = specOf(config, checks);
  const settings = [...modelChecks(context, config.models), ...temperatureChecks(config), ...settingsChecks(config)];
  if (spec === undefined) return { checks: sortChecks([...checks, ...settings]), grid: null };

  const checked = checkSpec(spec);
  const toolChecks = toolsChecks(spec);
  const flaggedTools = new Set(toolChecks.map((check) => check.path));
  // A spec issue's message is its own; `path` says where, and the app names the field as its editor numbers it.
  for (const issue of checked.issues) {
    checks.push({ id: 'spec_invalid', level: 'error', message: issue.message, path: `source.spec.${issue.path}` });
  }
  checks.push(...toolChecks);
  for (const warning of checked.warnings) {
    const path = `source.spec.${warning.path}`;
    if (flaggedTools.has(path)) continue;
    checks.push({ id: 'spec_warning', level: 'warning', message: warning.message, path });
  }
  checks.push(...settings);
  const grid = checked.spec ? gridOf(checked.spec.axes, config) : null;
  if (grid) checks.push(...saturationChecks(config, grid.cells));
  return { checks: sortChecks(checks), grid };
}

/** The raw spec to check: the editor's, or one drafted from the sentence (its warnings become checks). */
function specOf(config: Config, checks: PreflightCheck[]): unknown {
  if (config.source.kind === 'spec') return config.source.spec;
  try {
    const drafted = draftFromSentence(config.source.sentence, config.seed);
    for (const warning of drafted.warnings) checks.push({ id: 'draft', level: 'warning', message: warning, path: 'source.sentence' });
    return drafted.spec;
  } catch (error) {
    if (!ServiceError.isInstance(error)) throw error;
    checks.push({ id: 'draft', level: 'error', message: error.message, path: 'source.sentence' });
    return undefined;
  }
}

function toolsChecks(spec: unknown): PreflightCheck[] {
  const record = isRecord(spec) ? spec : {};
  const tools = Array.isArray(record.tools) ? record.tools : [];
  if (tools.length === 0) {
    return [
      {
        id: 'no_tools',
        level: 'error',
        message: 'The spec declares no tools, so the agent cannot act and the tool and world axes have nothing to vary: add a tool.',
        path: 'source.spec.tools',
      },
    ];
  }
  const sharedIds = Array.isArray(record.known_ids) ? record.known_ids.filter((id) => typeof id === 'string' && id.trim()) : [];
  const checks: PreflightCheck[] = [];
  tools.forEach((tool, index) => {
    const idParameters = idLikeParameters(tool);
    if (idParameters.length === 0 || sharedIds.length > 0 || toolKnownIds(tool).length > 0) return;
    const name = toolParts(tool).name || `tool ${index + 1}`;
    checks.push({
      id: 'no_known_ids',
      level: 'error',
      message:
        `${name} looks records up by ${idParameters.join(', ')} but the writer has no id to use, so every rollout would be "not found": ` +
        'add known ids, or name real ids in the tool\'s description ("Orders on file: ORD-1001, ORD-1002").',
      path: `source.spec.tools.${index}`,
    });
  });
  return checks;
}

function settingsChecks(config: Config): PreflightCheck[] {
  return [...sameModelChecks(config.models), ...budgetChecks(config)];
}

/** Model specs that do not parse (the colon form), then hosted models with no key: a run would fail at once. */
function modelChecks(context: AppContext, models: RoleModels): PreflightCheck[] {
  const toCheck = (issue: { path: string; message: string }, id: 'model_spec' | 'model_key'): PreflightCheck => ({
    id,
    level: 'error',
    message: `${issue.path}: ${issue.message}`,
    path: issue.path,
  });
  try {
    parseRoles(models);
  } catch (error) {
    if (ServiceError.isInstance(error) && error.issues) return error.issues.map((issue) => toCheck(issue, 'model_spec'));
    throw error;
  }
  return missingKeyIssues(models, { keys: keyRing(process.env, storedKeys(context.keys)), mode: context.mode }).map((issue) =>
    toCheck(issue, 'model_key'),
  );
}

/** A temperature the agent's provider refuses (Anthropic takes 0 to 1): every agent call would fail with a 400. */
function temperatureChecks(config: Config): PreflightCheck[] {
  let problem;
  try {
    problem = agentTemperatureProblem(config);
  } catch {
    return []; // model_spec says what is wrong with the agent's spec
  }
  return problem ? [{ id: 'model_temperature', level: 'error', message: `temperature: ${problem}`, path: 'temperature' }] : [];
}

/** Commands that answered a probe lately: the checks run on every edit, and a working agent need not start each time. */
const startedAgents = new Map<string, number>();
const STARTED_AGENT_TTL_MS = 60_000;
const inFlightProbes = new Map<string, Promise<CommandProbe>>();

/**
 * A command agent (`command:node my-agent.mjs`) is started and sent one small turn: one that exits before it answers
 * (a missing script, a module it cannot import) or answers off the protocol would lose every rollout of the run.
 */
async function agentStartChecks(models: RoleModels): Promise<PreflightCheck[]> {
  let agent;
  try {
    agent = parseRoles(models.agent === undefined ? {} : { agent: models.agent }).agent;
  } catch {
    return []; // model_spec says what is wrong with it
  }
  if (agent.kind !== 'command') return [];
  const { command } = agent;
  const startedAt = startedAgents.get(command);
  if (startedAt !== undefined && Date.now() - startedAt < STARTED_AGENT_TTL_MS) return [];
  let probe = inFlightProbes.get(command);
  if (!probe) {
    probe = probeCommandAgent(command).finally(() => inFlightProbes.delete(command));
    inFlightProbes.set(command, probe);
  }
  const result = await probe;
  switch (result.outcome) {
    case 'answered':
    case 'running':
      startedAgents.set(command, Date.now());
      return [];
    case 'exited':
      return [
        {
          id: 'agent_start',
          level: 'error',
          message:
            `The agent command \`${command}\` does not start: sent one turn, it ${result.message}. Fix the command (is the ` +
            `script's path right?) before the run loses every rollout.`,
          path: 'models.agent',
        },
      ];
    case 'bad_reply':
      return [
        {
          id: 'agent_start',
          level: 'error',
          message:
            `The agent command \`${command}\` answers off the protocol: ${result.message}. It must answer each turn with one ` +
            `JSON line ({"content", "tool_calls"}).`,
          path: 'models.agent',
        },
      ];
    default:
      return result satisfies never;
  }
}

/** Models are spec strings: two roles with the same string share a model. An absent role is the built-in default. */
export function sameModelChecks(models: RoleModels): PreflightCheck[] {
  const checks: PreflightCheck[] = [];
  ROLES.forEach((role, index) => {
    const model = models[role]?.trim();
    if (!model) return;
    const earlier = ROLES.slice(0, index).find((other) => models[other]?.trim() === model);
    if (!earlier) return;
    checks.push({
      id: 'same_model',
      level: 'warning',
      message: `${earlier} and ${role} both use ${model}: ${SEPARATION[role]}.`,
      path: `models.${role}`,
    });
  });
  return checks;
}

function budgetChecks(config: Config): PreflightCheck[] {
  const { budget } = config;
  const { phrasings, repeats } = modeSettingsOf(config);
  const situations = config.situations ?? 1;
  const needed = situations * phrasings * repeats;
  if (budget >= needed) return [];
  const product =
    config.situations === undefined
      ? `phrasings × repeats = ${phrasings} × ${repeats} = ${needed}, so not even one situation gets all its rollouts`
      : `situations × phrasings × repeats = ${situations} × ${phrasings} × ${repeats} = ${needed}, so the last situations never roll out`;
  return [
    {
      id: 'budget_short',
      level: 'error',
      message: `The budget (${budget} rows) is smaller than ${product}: raise the budget to ${needed} or ask for fewer.`,
      path: 'budget',
    },
  ];
}

/**
 * `until="saturation"` stops once every planned cell has SATURATION_COPIES rows: a budget below cells x copies runs
 * out first (unless coverage plateaus), so the run would end on its budget. A warning: the plateau may still stop it.
 */
function saturationChecks(config: Config, cells: number): PreflightCheck[] {
  const needed = cells * SATURATION_COPIES;
  if (config.until !== 'saturation' || config.budget >= needed) return [];
  return [
    {
      id: 'saturation_budget_short',
      level: 'warning',
      message:
        `Saturation needs ${SATURATION_COPIES} rows in each of the ${cells} planned cells (${needed} rows), more than the budget ` +
        `(${config.budget}): ` +
        `the run will likely spend its budget before it saturates. Raise the budget to ${needed}, or stop when the budget is spent.`,
      path: 'budget',
    },
  ];
}

const gridCache = new Map<string, NonNullable<PreflightOutput['grid']>>();
const GRID_CACHE_SIZE = 16;

/** The planned grid for these axes and fault settings; planning takes tens of milliseconds, so recent plans are kept. */
function gridOf(axes: AxisValues, config: Config): NonNullable<PreflightOutput['grid']> {
  const { fault_rate, prefer_success } = modeSettingsOf(config);
  const options = { seed: config.seed, fault_rate, prefer_success };
  const key = stableJson({ axes, ...options });
  const cached = gridCache.get(key);
  if (cached) return cached;
  const plan = planGrid(axes, options);
  const grid = {
    cells: plan.cells.length,
    pairs_planned: plan.planned.size,
    axis_sizes: Object.fromEntries(AXES.map((axis) => [axis, axes[axis].length])) as Record<(typeof AXES)[number], number>,
  };
  if (gridCache.size >= GRID_CACHE_SIZE) gridCache.delete(gridCache.keys().next().value!);
  gridCache.set(key, grid);
  return grid;
}

/** Errors first, then warnings, each in the order they were found. */
function sortChecks(checks: PreflightCheck[]): PreflightCheck[] {
  return [...checks.filter((check) => check.level === 'error'), ...checks.filter((check) => check.level === 'warning')];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

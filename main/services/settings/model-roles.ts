// A run's `config.models` ({agent, simulator, user_model, judge}) as the components that play each role: the demo
// or a command agent, the offline template writers and user, or models on the real clients.
import type { Issue } from '../../../shared/api';
import type { LogprobCoverage, RoleModels, Row, RunConfig, Situation, Spec } from '../../../shared/domain';
import {
  callWarnings,
  checkRoles,
  LogprobTally,
  roleSpecLabel,
  temperatureProblem,
  withEndpoint,
  withoutCredentials,
  type BaseUrlOverrides,
  createModelAgent,
  createModelDrafter,
  createGapFallbackWriter,
  createModelSituationWriter,
  decisionJudge,
  MODEL_ROLES,
  ModelSpecError,
  ModelUser,
  modelDecision,
  OfflineSpecDrafter,
  offlineComponents,
  parseRoleSpec,
  rubricJudge,
  templateWording,
  withModelWording,
  type AgentUnderTest,
  type Judge,
  type ModelRole,
  type RoleSpec,
  type SimulatedUser,
  type SpecDrafter,
  type Writer,
} from '../../../engine/index';
import { createCommandAgent, DEFAULT_CALL_TIMEOUT_MS, MissingKeyError, ModelBackends, type KeyPlace } from '../../../engine/node';
import type { KeyRing } from './secrets';
import { ServiceError } from '../app/service-error';

const MAX_AGENT_PROCESSES = 4;

/** The parsed role specs; throws ServiceError VALIDATION_FAILED naming `models.<role>` and the colon form. */
export function parseRoles(models: RoleModels): Record<ModelRole, RoleSpec> {
  const issues: Issue[] = [];
  const roles = {} as Record<ModelRole, RoleSpec>;
  for (const role of MODEL_ROLES) {
    try {
      roles[role] = parseRoleSpec(role, models[role]);
    } catch (error) {
      if (!ModelSpecError.isInstance(error)) throw error;
      issues.push({ path: `models.${role}`, message: error.message });
    }
  }
  if (issues.length > 0)
    throw new ServiceError('VALIDATION_FAILED', issues.map((issue) => `${issue.path}: ${issue.message}`).join(' '), issues);
  return roles;
}

/**
 * The roles with each hosted model pinned to the server it will be called on (`openai:<model>@<OPENAI_BASE_URL>`), so
 * a run records where its models answered and a resumed run calls the same server. An override carrying credentials
 * (`https://user:secret@proxy/v1`) is left to the environment: credentials never reach the store.
 */
export function withEndpoints(models: RoleModels, base_urls: BaseUrlOverrides): RoleModels {
  const roles = parseRoles(models);
  const pinned: RoleModels = { ...models };
  for (const role of MODEL_ROLES) {
    const spec = roles[role];
    if (spec.kind !== 'model' || spec.model.provider === 'compatible') continue;
    const override = base_urls[spec.model.provider];
    if (override === undefined || withoutCredentials(override) !== override) continue;
    pinned[role] = roleSpecLabel({ ...spec, model: withEndpoint(spec.model, base_urls) });
  }
  return pinned;
}

/** Why the agent's model cannot take the temperature the run sets (outside its provider's range), else undefined. */
export function agentTemperatureProblem(config: Pick<RunConfig, 'models' | 'temperature'>): string | undefined {
  if (config.temperature === undefined) return undefined;
  const agent = parseRoles(config.models).agent;
  return agent.kind === 'model' ? temperatureProblem(agent.model, config.temperature) : undefined;
}

export interface ModelRolesOptions {
  keys: KeyRing;
  /** Where the app runs (`context.mode`): a missing key's advice says where a key can go there. */
  mode?: KeyPlace;
  /** Calls in flight per model server (default: the run's concurrency). */
  concurrency?: number;
  fetch?: typeof fetch;
  /** Replaced in tests so a backoff takes no time. */
  sleep?: (ms: number) => Promise<void>;
}

function backendsFor(config: Pick<RunConfig, 'concurrency' | 'timeout'>, options: ModelRolesOptions): ModelBackends {
  return new ModelBackends({
    key: options.keys.key,
    base_urls: options.keys.base_urls,
    concurrency: options.concurrency ?? config.concurrency,
    timeout_ms: config.timeout === undefined ? DEFAULT_CALL_TIMEOUT_MS : Math.round(config.timeout * 1000),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
}

/** A missing key as the validation error it is, at the role that needs it, with advice for where the app runs. */
function withRole<T>(role: ModelRole, mode: KeyPlace | undefined, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!MissingKeyError.isInstance(error)) throw error;
    const message = error.messageFor(mode);
    throw new ServiceError('VALIDATION_FAILED', message, [{ path: `models.${role}`, message }]);
  }
}

/**
 * Hosted models in a run that have no key anywhere, as issues at `models.<role>` (for the pre-flight checks: a run
 * started without its key fails at once with the same message, before any budget is spent).
 */
export function missingKeyIssues(models: RoleModels, options: ModelRolesOptions): Issue[] {
  const roles = parseRoles(models);
  const backends = backendsFor({ concurrency: 1, timeout: undefined }, options);
  const issues: Issue[] = [];
  for (const role of MODEL_ROLES) {
    const spec = roles[role];
    if (spec.kind !== 'model') continue;
    try {
      backends.get(spec.model);
    } catch (error) {
      if (!MissingKeyError.isInstance(error)) throw error;
      issues.push({ path: `models.${role}`, message: error.messageFor(options.mode) });
    }
  }
  return issues;
}

/** What `simulate` takes for the roles a run names (absent keys keep the offline components), and what closes them. */
export interface RoleComponents {
  components: { agent?: AgentUnderTest; createUser?: (situation: Situation) => SimulatedUser; writers?: Writer[] };
  /** Each row the run lands or resumes, before the run ends: the agent turns' log-probabilities are counted from them. */
  observe(row: Row): void;
  /** Read at the end of the run: role checks (`same_model`...), what the model calls went through, missing logprobs. */
  notes(): { degraded: string[]; warnings: string[] };
  /** How many agent turns carry a log-probability, when the run asked a model agent for them. */
  logprobs(): LogprobCoverage | undefined;
  close(): void;
}

/**
 * The components for a run's roles. Offline roles are left out, so an offline run gets exactly the offline
 * components and its rows stay byte-identical. Throws ServiceError VALIDATION_FAILED for a bad spec or missing key.
 */
export function roleComponents(config: RunConfig, spec: Spec, options: ModelRolesOptions): RoleComponents {
  const roles = parseRoles(config.models);
  const backends = backendsFor(config, options);
  const timeout = config.timeout === undefined ? {} : { timeout_ms: Math.round(config.timeout * 1000) };
  const components: RoleComponents['components'] = {};
  const closers: (() => void)[] = [];

  const temperature = agentTemperatureProblem(config);
  if (temperature) throw new ServiceError('VALIDATION_FAILED', temperature, [{ path: 'temperature', message: temperature }]);
  const agent = roles.agent;
  let tally: LogprobTally | undefined;
  if (agent.kind === 'command') {
    const command = createCommandAgent({ command: agent.command, processes: Math.min(config.concurrency, MAX_AGENT_PROCESSES) });
    components.agent = command;
    closers.push(() => command.close());
  } else if (agent.kind === 'model') {
    const backend = withRole('agent', options.mode, () => backends.get(agent.model));
    components.agent = createModelAgent(backend, {
      ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
      ...(config.logprobs === undefined ? {} : { logprobs: config.logprobs }),
      ...timeout,
    });
    if (config.logprobs) tally = new LogprobTally(config.logprobs);
  }

  const simulator = roles.simulator;
  if (simulator.kind === 'model') {
    const backend = withRole('simulator', options.mode, () => backends.get(simulator.model));
    // The model writes the llm_guided arm's situations itself; the template arms' cards it rewords.
    const fallback = createGapFallbackWriter(templateWording);
    components.writers = [
      ...offlineComponents(spec, { seed: config.seed }).writers.map((writer) => withModelWording(writer, backend, timeout)),
      createModelSituationWriter(backend, { budget: config.budget, fallback, wording: templateWording, ...timeout }),
    ];
  }

  const user = roles.user_model;
  if (user.kind === 'model') {
    const backend = withRole('user_model', options.mode, () => backends.get(user.model));
    const avgTurns = config.avg_turns === undefined ? {} : { avg_turns: config.avg_turns };
    const modelUser = new ModelUser(backend, { known_ids: spec.known_ids, ...timeout, ...avgTurns });
    components.createUser = () => modelUser;
  }

  const roleNotes = checkRoles(config.models);
  const agentModel = components.agent?.model ?? '';
  return {
    components,
    observe: (row) => tally?.add(row),
    notes: () => {
      const missing = tally?.warning(agentModel);
      const warnings = [...roleNotes.warnings, ...backends.stats().flatMap(callWarnings), ...(missing ? [missing] : [])];
      return { degraded: roleNotes.degraded, warnings };
    },
    logprobs: () => tally?.coverage(),
    close: () => closers.forEach((close) => close()),
  };
}

/**
 * The drafter for a run from a sentence: the simulator's model when it has one (and its key), else the offline
 * drafter; `warnings` says when the model could not be used.
 */
export function drafterFor(config: RunConfig, options: ModelRolesOptions): { drafter: SpecDrafter; warnings: string[] } {
  const simulator = parseRoles(config.models).simulator;
  if (simulator.kind !== 'model') return { drafter: new OfflineSpecDrafter(), warnings: [] };
  let backend;
  try {
    backend = backendsFor(config, options).get(simulator.model);
  } catch (error) {
    if (!MissingKeyError.isInstance(error)) throw error;
    return { drafter: new OfflineSpecDrafter(), warnings: [`${error.messageFor(options.mode)} The spec was drafted offline.`] };
  }
  const timeout = config.timeout === undefined ? {} : { timeout_ms: Math.round(config.timeout * 1000) };
  return { drafter: createModelDrafter(backend, new OfflineSpecDrafter(), timeout), warnings: [] };
}

export interface ModelJudgeOptions extends ModelRolesOptions {
  /** What the judge grades against (a decision judge ignores it). */
  rubric: string;
  /** The agent's system prompt, read as the policy. */
  policy?: string;
  name?: string;
  timeout_s?: number;
}

/**
 * A judge on a model (`openai:...` is a rubric judge, `decision:<spec>` a decision judge), for the grading jobs;
 * undefined when the judge spec is not a model. Throws ServiceError VALIDATION_FAILED for a bad spec or missing key.
 */
export function modelJudge(judgeSpec: string, options: ModelJudgeOptions): Judge | undefined {
  const role = parseRoles({ judge: judgeSpec }).judge;
  if (role.kind !== 'model') return undefined;
  const concurrency = options.concurrency ?? 8;
  const backend = withRole('judge', options.mode, () => backendsFor({ concurrency, timeout: options.timeout_s }, options).get(role.model));
  const timeout = options.timeout_s === undefined ? {} : { timeout_ms: Math.round(options.timeout_s * 1000) };
  const notes = () => callWarnings(backend.stats.snapshot());
  if (role.decision)
    return decisionJudge(modelDecision(backend, { ...(options.policy ? { policy: options.policy } : {}), ...timeout }), {
      ...(options.name ? { name: options.name } : {}),
      notes,
    });
  return rubricJudge(backend, {
    rubric: options.rubric,
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.name ? { name: options.name } : {}),
    ...timeout,
    notes,
  });
}

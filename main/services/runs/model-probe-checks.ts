import type { PreflightCheck } from '../../../shared/api/runs';
import type { RoleModels } from '../../../shared/domain';
import { MODEL_ROLES, probeModel, type ModelRole, type ProbeResult, type RetryPolicy } from '../../../engine/index';
import { MissingKeyError, ModelBackends } from '../../../engine/node';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { parseRoles } from '../settings/model-roles';
import { keyRing, storedKeys } from '../settings/secrets';

/** A probe waits no longer than this (the checks run before Start, while the person waits); a slow answer only warns. */
const PROBE_TIMEOUT_MS = 10_000;
/** One retry for a busy server, and short waits: the checks run before Start, while the person waits. */
const PROBE_RETRY: RetryPolicy = { max_retries: 1, initial_delay_ms: 500, max_delay_ms: 2000, max_wait_ms: 5000 };
/** A model that answered lately is not probed again: the checks run on every edit. */
const ANSWERED_TTL_MS = 60_000;

const answered = new Map<string, number>();
const inFlight = new Map<string, Promise<ProbeResult>>();

const ROLE_NAMES: Readonly<Record<ModelRole, string>> = {
  agent: "the agent's",
  simulator: "the situation writer's",
  user_model: "the simulated person's",
  judge: "the judge's",
};

/** Probes a model once at a time, remembering the ones that answered for a minute. */
async function probeOnce(key: string, probe: () => Promise<ProbeResult>): Promise<ProbeResult | undefined> {
  const at = answered.get(key);
  if (at !== undefined && Date.now() - at < ANSWERED_TTL_MS) return undefined;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = probe().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const result = await pending;
  if (result.ok) answered.set(key, Date.now());
  return result;
}

/**
 * One cheap call (a 1-token completion) per distinct model and server of the run's roles, before anything is stored:
 * a refused key, an empty account or a 404 (with the `/v1` hint for an OpenAI-compatible base URL) is an error that
 * blocks Start; a server that is down, busy or slow is a warning. Roles with no key are left to the `model_key` check.
 */
export async function modelProbeChecks(context: AppContext, models: RoleModels): Promise<PreflightCheck[]> {
  let roles;
  try {
    roles = parseRoles(models);
  } catch (error) {
    if (ServiceError.isInstance(error)) return []; // model_spec says what is wrong with them
    throw error;
  }
  const keys = keyRing(process.env, storedKeys(context.keys));
  const backends = new ModelBackends({
    key: keys.key,
    base_urls: keys.base_urls,
    concurrency: 1,
    timeout_ms: PROBE_TIMEOUT_MS,
    retry: PROBE_RETRY,
  });
  const byModel = new Map<string, { roles: ModelRole[]; probe: () => Promise<ProbeResult> }>();
  for (const role of MODEL_ROLES) {
    const spec = roles[role];
    if (spec.kind !== 'model') continue;
    let backend;
    try {
      backend = backends.get(spec.model);
    } catch (error) {
      if (MissingKeyError.isInstance(error)) continue;
      throw error;
    }
    const entry = byModel.get(backend.spec) ?? { roles: [], probe: () => probeModel(backend, PROBE_TIMEOUT_MS) };
    entry.roles.push(role);
    byModel.set(backend.spec, entry);
  }
  const results = await Promise.all([...byModel].map(async ([spec, entry]) => ({ entry, result: await probeOnce(spec, entry.probe) })));
  return results.flatMap(({ entry, result }): PreflightCheck[] => {
    if (result === undefined || result.ok) return [];
    const whose = entry.roles.map((role) => ROLE_NAMES[role]).join(' and ');
    const message = result.blocks
      ? `models.${entry.roles[0]}: One test call to ${whose} model failed, so every call of the run would: ${result.message}`
      : `models.${entry.roles[0]}: One test call to ${whose} model failed (the run retries such failures): ${result.message}`;
    return [{ id: 'model_probe', level: result.blocks ? 'error' : 'warning', message, path: `models.${entry.roles[0]}` }];
  });
}

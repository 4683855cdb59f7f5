import { parseRoleSpec, type ModelRole, type RoleSpec } from './model-spec';
import { modelFamily } from './model-family';

export interface RoleNotes {
  /** Run-level codes: `same_model`, `self_judged`. */
  degraded: string[];
  /** Plain sentences, each naming the setting that fixes it. */
  warnings: string[];
}

const ROLE_WORDS: Readonly<Record<ModelRole, string>> = {
  agent: 'the agent',
  simulator: 'the situation writer',
  user_model: 'the simulated person',
  judge: 'the judge',
};

/** The setting that gives a role its own model, in every place a user can set it. */
const ROLE_SETTING: Readonly<Record<ModelRole, string>> = {
  agent: 'agent= (models.agent; --agent)',
  simulator: 'simulator= (models.simulator; --simulator)',
  user_model: 'user_model= (models.user_model; --user-model)',
  judge: "the judge's spec= (models.judge; --judge)",
};

const OFFLINE_DEFAULT: Readonly<Record<ModelRole, string>> = {
  agent: 'the built-in demo agent',
  simulator: 'the offline template writer',
  user_model: 'the offline template user',
  judge: 'the conduct checks',
};

function modelOf(spec: RoleSpec): string | undefined {
  return spec.kind === 'model' ? spec.model.spec : undefined;
}

/**
 * What the run must say about its roles before any number: one model in two roles (`same_model`, the warning
 * naming the setting that separates them), a judge that is the agent's own model (`self_judged`) or of its family,
 * and which roles fell back to the offline default when others run on models. Specs must already parse.
 */
export function checkRoles(specs: Partial<Record<ModelRole, string>>): RoleNotes {
  const roles = {
    agent: parseRoleSpec('agent', specs.agent),
    simulator: parseRoleSpec('simulator', specs.simulator),
    user_model: parseRoleSpec('user_model', specs.user_model),
    judge: parseRoleSpec('judge', specs.judge),
  };
  const degraded = new Set<string>();
  const warnings: string[] = [];
  const agentModel = modelOf(roles.agent);

  for (const role of ['simulator', 'user_model'] as const) {
    const model = modelOf(roles[role]);
    if (agentModel === undefined || model !== agentModel) continue;
    degraded.add('same_model');
    warnings.push(
      `The agent and ${ROLE_WORDS[role]} both run ${agentModel}: ` +
        `${role === 'simulator' ? 'a model writes the situations it already handles' : 'the person talks the way the agent expects'}. ` +
        `Give ${ROLE_WORDS[role]} another model with ${ROLE_SETTING[role]}.`,
    );
  }

  const judgeModel = modelOf(roles.judge);
  if (agentModel !== undefined && judgeModel !== undefined) {
    const family = modelFamily(agentModel);
    if (judgeModel === agentModel) {
      degraded.add('self_judged');
      warnings.push(
        `The judge is the agent's own model ${agentModel}: a judge grading its own writing prefers it. ` +
          `Choose a judge of another family with ${ROLE_SETTING.judge}.`,
      );
    } else if (family !== undefined && family === modelFamily(judgeModel)) {
      warnings.push(
        `The judge ${judgeModel} is of the agent's family (${family}, like ${agentModel}): a judge ` +
          `prefers its own family's writing. Choose a judge of another family with ${ROLE_SETTING.judge}.`,
      );
    }
  }

  const anyModel = Object.values(roles).some((spec) => spec.kind === 'model');
  if (anyModel) {
    const offline = (Object.keys(roles) as ModelRole[]).filter((role) => roles[role].kind === 'offline');
    if (offline.length > 0) {
      warnings.push(
        `No model for ${offline.map((role) => `${ROLE_WORDS[role].replace(/^the /, '')} (${OFFLINE_DEFAULT[role]})`).join(', ')}: ` +
          `${offline.length === 1 ? 'it runs' : 'they run'} on the built-in offline ` +
          `default${offline.length === 1 ? '' : 's'}. Set ` +
          `${offline.map((role) => ROLE_SETTING[role]).join(', ')} to use a model.`,
      );
    }
  }
  return { degraded: [...degraded].sort(), warnings };
}

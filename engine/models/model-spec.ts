import { endpointModel, normalizeBaseUrl } from './endpoint';
import { ModelSpecError } from './model-spec-error';

export const MODEL_PROVIDERS = ['openai', 'anthropic', 'compatible'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** The four roles a run points at a model (SDK `agent=`, `simulator=`, `user_model=`, the judge's `spec=`). */
export const MODEL_ROLES = ['agent', 'simulator', 'user_model', 'judge'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/**
 * One model on one server: `openai:gpt-4.1-mini`, `anthropic:claude-sonnet-4-5`, `compatible:<model>@<base_url>`; a
 * hosted model on another server (a proxy, a gateway) is `openai:<model>@<base_url>`.
 */
export interface ModelSpec {
  provider: ModelProvider;
  /** The model name the server knows (may hold `/` and `:`, as vLLM and Ollama names do). */
  model: string;
  /**
   * The server's base URL, e.g. `http://localhost:8000/v1`: always for `compatible`, and for a hosted provider only when
   * it is not the provider's default server.
   */
  base_url?: string;
  /** The canonical spec string, stamped on rows and grades: with `@<base_url>` whenever there is one, never credentials. */
  spec: string;
}

/** What a role runs: the built-in offline default, the demo or a command agent, or a model. */
export type RoleSpec =
  | { kind: 'offline' }
  | { kind: 'demo' }
  | { kind: 'command'; command: string }
  /** `decision` (judge only): the model answers a probability and a failure class instead of a rubric score. */
  | { kind: 'model'; model: ModelSpec; decision: boolean };

const COMPATIBLE_EXAMPLE = 'compatible:<model>@http://localhost:8000/v1';
const OPENAI_NAME = /^(gpt-|o\d|chatgpt-|text-|davinci|babbage|ft:)/i;
const ANTHROPIC_NAME = /^claude/i;

/** The provider a bare model name most likely belongs to, for the message that refuses it. */
function guessProvider(name: string): ModelProvider {
  if (OPENAI_NAME.test(name)) return 'openai';
  if (ANTHROPIC_NAME.test(name)) return 'anthropic';
  return 'compatible';
}

function colonForm(provider: ModelProvider, model: string): string {
  return provider === 'compatible' ? `compatible:${model}@<base_url>` : `${provider}:${model}`;
}

function isUrl(text: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(text);
}

/** Where `@<base_url>` starts in the text after the provider, or -1. */
const urlStart = (rest: string) => rest.search(/@https?:\/\//i);

/**
 * Parses `provider:model` (or `compatible:model@base_url`, or `openai:model@base_url` for a hosted model behind another
 * server; the provider's own default URL is dropped). A slash form (`openai/gpt-4.1-mini`) or a bare name
 * (`gpt-4.1-mini`) is refused with a message naming the colon form, as the SDK does.
 */
export function parseModelSpec(text: string): ModelSpec {
  const spec = text.trim();
  if (spec === '') throw new ModelSpecError('The model spec is empty: write provider:model, e.g. openai:gpt-4.1-mini.', text);
  const colon = spec.indexOf(':');
  const slash = spec.indexOf('/');
  if (colon === -1 || (slash !== -1 && slash < colon)) {
    if (slash > 0) {
      const head = spec.slice(0, slash).toLowerCase();
      const rest = spec.slice(slash + 1);
      const provider = (MODEL_PROVIDERS as readonly string[]).includes(head) ? (head as ModelProvider) : undefined;
      const suggestion = provider ? colonForm(provider, rest) : `compatible:${spec}@<base_url>`;
      throw new ModelSpecError(`"${spec}" uses a slash: model specs use a colon. Write ${suggestion}.`, text);
    }
    throw new ModelSpecError(`"${spec}" names no provider: write ${colonForm(guessProvider(spec), spec)}.`, text);
  }
  const head = spec.slice(0, colon).toLowerCase();
  const rest = spec.slice(colon + 1).trim();
  switch (head) {
    case 'openai':
    case 'anthropic': {
      const at = urlStart(rest);
      const model = (at === -1 ? rest : rest.slice(0, at)).trim();
      if (model === '')
        throw new ModelSpecError(
          `"${spec}" names no model: write ${head}:<model>, e.g. ` +
            `${head === 'openai' ? 'openai:gpt-4.1-mini' : 'anthropic:claude-sonnet-4-5'}.`,
          text,
        );
      if (at === -1) return endpointModel(head, model, undefined);
      const baseUrl = normalizeBaseUrl(rest.slice(at + 1));
      if (!isUrl(baseUrl))
        throw new ModelSpecError(`"${baseUrl}" in "${spec}" is not an http(s) URL: write ${head}:${model}@https://...`, text);
      return endpointModel(head, model, baseUrl);
    }
    case 'compatible': {
      const at = urlStart(rest);
      if (at <= 0) {
        throw new ModelSpecError(
          `"${spec}" needs the server's base URL after @: write ${COMPATIBLE_EXAMPLE} (vLLM, Ollama, llama.cpp).`,
          text,
        );
      }
      const model = rest.slice(0, at).trim();
      const baseUrl = normalizeBaseUrl(rest.slice(at + 1));
      if (!isUrl(baseUrl)) throw new ModelSpecError(`"${baseUrl}" in "${spec}" is not an http(s) URL: write ${COMPATIBLE_EXAMPLE}.`, text);
      return endpointModel('compatible', model, baseUrl);
    }
    default:
      throw new ModelSpecError(
        `Unknown provider "${head}" in "${spec}": use openai:<model>, anthropic:<model>, or ${COMPATIBLE_EXAMPLE} for any ` +
          `OpenAI-compatible server (for a model named "${spec}" there, write compatible:${spec}@<base_url>).`,
        text,
      );
  }
}

const DECISION_PREFIX = 'decision:';
const COMMAND_PREFIX = 'command:';

/**
 * What a role's spec string asks for. `offline` (or no spec) is the built-in default of every role; `demo` and
 * `command:<cmd>` only play the agent; `decision:<model spec>` only judges.
 */
export function parseRoleSpec(role: ModelRole, text: string | undefined): RoleSpec {
  const spec = text?.trim() ?? '';
  if (spec === '' || spec === 'offline') return { kind: 'offline' };
  if (spec === 'demo') {
    if (role !== 'agent')
      throw new ModelSpecError(
        `"demo" is the built-in agent; the ${role} takes offline or a model spec such as openai:gpt-4.1-mini.`,
        spec,
      );
    return { kind: 'demo' };
  }
  if (spec.startsWith(COMMAND_PREFIX)) {
    if (role !== 'agent')
      throw new ModelSpecError(
        `A command plays only the agent; the ${role} takes offline or a model spec such as openai:gpt-4.1-mini.`,
        spec,
      );
    const command = spec.slice(COMMAND_PREFIX.length).trim();
    if (!command) throw new ModelSpecError('The agent command is empty: use command:"python3 my_agent.py".', spec);
    return { kind: 'command', command };
  }
  if (spec.startsWith(DECISION_PREFIX)) {
    if (role !== 'judge')
      throw new ModelSpecError(`A decision model only judges: it cannot play the ${role === 'user_model' ? 'user' : role}.`, spec);
    return { kind: 'model', model: parseModelSpec(spec.slice(DECISION_PREFIX.length)), decision: true };
  }
  return { kind: 'model', model: parseModelSpec(spec), decision: false };
}

/** The spec string a role's rows and grades are stamped with. */
export function roleSpecLabel(spec: RoleSpec): string {
  switch (spec.kind) {
    case 'offline':
      return 'offline';
    case 'demo':
      return 'demo';
    case 'command':
      return `command:${spec.command}`;
    case 'model':
      return spec.decision ? `${DECISION_PREFIX}${spec.model.spec}` : spec.model.spec;
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}

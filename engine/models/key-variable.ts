import type { ModelSpec } from './model-spec';

export const OPENAI_KEY_VARIABLE = 'OPENAI_API_KEY';
export const ANTHROPIC_KEY_VARIABLE = 'ANTHROPIC_API_KEY';
/** Any OpenAI-compatible server without a variable of its own. */
export const COMPATIBLE_KEY_VARIABLE = 'WAI_COMPATIBLE_API_KEY';

/** `WAI_KEY_<HOST>_<PORT>` for a base URL: `http://gpu-1.lan:8000/v1` -> `WAI_KEY_GPU_1_LAN_8000`. */
export function serverKeyVariable(baseUrl: string): string {
  const match = /^(https?):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)(?::(\d+))?/i.exec(baseUrl);
  const scheme = (match?.[1] ?? 'http').toLowerCase();
  const host = (match?.[2] ?? 'server').replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '');
  const port = match?.[3] ?? (scheme === 'https' ? '443' : '80');
  return `WAI_KEY_${host}_${port}`.toUpperCase();
}

/**
 * The environment variables a model's key is read from, first found wins: `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`,
 * or for a compatible server its own `WAI_KEY_<HOST>_<PORT>` and then `WAI_COMPATIBLE_API_KEY` (local servers
 * usually need none).
 */
export function keyVariablesFor(model: ModelSpec): string[] {
  switch (model.provider) {
    case 'openai':
      return [OPENAI_KEY_VARIABLE];
    case 'anthropic':
      return [ANTHROPIC_KEY_VARIABLE];
    case 'compatible':
      return [serverKeyVariable(model.base_url ?? ''), COMPATIBLE_KEY_VARIABLE];
    default: {
      const unreachable: never = model.provider;
      return unreachable;
    }
  }
}

/** Whether a provider refuses to run without a key (a compatible server may not need one). */
export function needsKey(model: ModelSpec): boolean {
  return model.provider !== 'compatible';
}

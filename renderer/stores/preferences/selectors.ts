import type { KeyStatus } from '../../../shared/api/models';

/** What a key's source means, for a person. */
export function describeKeySource(source: KeyStatus['source']): string {
  switch (source) {
    case 'environment':
      return 'From the environment';
    case 'stored':
      return 'Stored in this app';
    case 'missing':
      return 'Not set';
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

/** Which model each well-known key serves; a compatible server's own key names its host and port. */
export function describeKeyVariable(variable: string): string {
  if (variable === 'OPENAI_API_KEY') return 'OpenAI (openai:…)';
  if (variable === 'ANTHROPIC_API_KEY') return 'Anthropic (anthropic:…)';
  if (variable === 'WAI_COMPATIBLE_API_KEY') return 'Any OpenAI-compatible server';
  const server = /^WAI_KEY_(.+)_(\d+)$/.exec(variable);
  if (server) return `The compatible server at ${server[1]!.toLowerCase().replaceAll('_', '.')}:${server[2]}`;
  return 'A compatible server';
}

import { stringify } from 'smol-toml';
import { ENV_EVAL_EXAMPLES, ENV_EVAL_ROLLOUTS, VERIFIERS_REQUIREMENT } from '../constants';
import { distributionName } from './environment-name';

/** TOML text of a table, written by smol-toml: every string escaped as TOML wants it (Python's tomllib reads it back). */
const toml = (table: Record<string, unknown>) => `${stringify(table)}\n`;

/** A lone UTF-16 surrogate has no UTF-8 form: the file would not decode. */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** The project's pyproject.toml: what pip and hatchling read to install the package and its verifiers. */
export function pyproject(name: string, description: string): string {
  return toml({
    project: {
      name: distributionName(name),
      version: '0.1.0',
      description: wellFormed(description),
      tags: ['multi-turn', 'tool-use', 'train', 'eval', 'while-studio'],
      'requires-python': '>=3.11,<3.14',
      dependencies: [VERIFIERS_REQUIREMENT, 'datasets'],
    },
    'build-system': { requires: ['hatchling'], 'build-backend': 'hatchling.build' },
    tool: { hatch: { build: { targets: { wheel: { packages: [name] } } } } },
  });
}

/**
 * The module folder's pyproject.toml: `vf-eval` reads `[tool.verifiers.eval]` from the directory of the module it
 * loads (verifiers' `get_env_eval_defaults`), which for a package is the package folder, not the project root.
 */
export const evalDefaults = (): string =>
  toml({ tool: { verifiers: { eval: { num_examples: ENV_EVAL_EXAMPLES, rollouts_per_example: ENV_EVAL_ROLLOUTS } } } });

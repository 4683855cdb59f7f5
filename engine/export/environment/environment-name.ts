const PYTHON_KEYWORDS = new Set(
  [
    'false none true and as assert async await break class continue def del elif else except finally for from',
    'global if import in is lambda nonlocal not or pass raise return try while with yield',
  ]
    .join(' ')
    .split(' '),
);

export const DEFAULT_ENVIRONMENT_NAME = 'whileai_env';

/**
 * The package's module name: lowercased, runs of anything but `[a-z0-9_]` replaced by `_` (the SDK's rule), made a
 * valid Python identifier (`whileai_env` when nothing is left).
 */
export function environmentName(raw: string | undefined): string {
  let name = (raw ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') return DEFAULT_ENVIRONMENT_NAME;
  if (/^[0-9]/.test(name)) name = `env_${name}`;
  if (PYTHON_KEYWORDS.has(name)) name = `${name}_env`;
  return name;
}

/** The files an environment package whose module is `name` may hold, in the order exportEnvironment writes them. */
export function environmentFilePaths(name: string): string[] {
  return [
    'pyproject.toml',
    'README.md',
    ...['__init__.py', 'world.py', 'rewards.py', 'pyproject.toml', 'spec.json', 'data/train.jsonl', 'data/holdout.jsonl'].map(
      (file) => `${name}/${file}`,
    ),
  ];
}

/** The distribution name pip and the Environments Hub use: the module name with `-`. */
export const distributionName = (name: string): string => name.replace(/_/g, '-');

/** `module:attr` with dotted Python identifiers on both sides; `__main__` cannot be imported by a trainer. */
const REFERENCE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function referenceProblem(reference: string): string | null {
  if (!REFERENCE.test(reference)) return `"${reference}" is not an importable module:attr reference (no lambdas or local functions)`;
  if (reference.split(':')[0] === '__main__')
    return `"${reference}" lives in __main__, which a trainer cannot import: move it into a module`;
  return null;
}

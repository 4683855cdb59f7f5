// One lint for the whole repository: TypeScript, React hooks, sizes, and the layers' import zones
// (README "Architecture"): who may import whom is decided here and nowhere else.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = [...new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/__fixtures__/**', '**/test-support/**', 'e2e/**'];

/** A relative import that climbs to the repository root and enters `layer`, except where `allowed` follows it. */
const intoLayer = (layer, allowed = '') => `^(\\.\\./)+${layer}/${allowed}`;

/** Packages the engine may use without Node; its adapters (in `node/` folders) and benchmarks may use anything. */
const ENGINE_PACKAGES = [
  'zod',
  'pure-rand',
  'ajv',
  '@faker-js/faker',
  '@noble/hashes',
  'yaml',
  'smol-toml',
  '@opentelemetry/semantic-conventions',
  '@arizeai/openinference-semantic-conventions',
  'vitest',
  'fast-check',
];

/** The only packages the renderer's code may import: what runs in a browser page, nothing of Node. */
const RENDERER_PACKAGES = [
  'react',
  'react-dom',
  'zustand',
  '@tanstack/react-table',
  '@tanstack/react-virtual',
  '@radix-ui/react-dialog',
  '@radix-ui/react-tabs',
  'lucide-react',
  'd3-scale',
  'react-hotkeys-hook',
  'zod',
];
const RENDERER_TEST_PACKAGES = ['vitest', '@testing-library/react', '@testing-library/dom', '@testing-library/user-event', 'fast-check'];

const escapeName = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Any bare (package) import other than the named packages and their subpaths. */
const packagesExcept = (names) => `^(?!\\.|(${names.map(escapeName).join('|')})(/|$))`;

/** no-restricted-imports reads import and export declarations only: this applies the same zone to `import('...')`. */
const dynamicImports = {
  meta: { type: 'problem', schema: [{ type: 'object', additionalProperties: true }] },
  create(context) {
    const { patterns, names } = context.options[0];
    return {
      ImportExpression(node) {
        const specifier = node.source.type === 'Literal' ? node.source.value : undefined;
        if (typeof specifier !== 'string') return;
        const broken = names.find((entry) => entry.name === specifier) ?? patterns.find((entry) => new RegExp(entry.regex).test(specifier));
        if (broken) context.report({ node, message: `'${specifier}' import is restricted from being used. ${broken.message}` });
      },
    };
  },
};

const zone = (message, regexes, names = []) => {
  const patterns = regexes.map((regex) => ({ regex, message }));
  return {
    'no-restricted-imports': ['error', { paths: names, patterns }],
    'zones/dynamic-imports': ['error', { patterns, names }],
  };
};
const nodeBuiltins = (message) => NODE_BUILTINS.map((name) => ({ name, message }));

const SHARED_ZONE = zone('shared/ imports only shared/ and zod', [
  intoLayer('(engine|main|renderer|e2e)'),
  packagesExcept(['zod', 'vitest']),
]);
const ENGINE_OUTSIDE = [intoLayer('(main|renderer|e2e)'), intoLayer('shared', '(?!domain(/|$))')];
const ENGINE_PACKAGE_LIST = ENGINE_PACKAGES.join(', ');
const ENGINE_MESSAGE = `engine/ imports only engine/ and shared/domain/; outside node/ adapters, no Node and only ${ENGINE_PACKAGE_LIST}`;
const ENGINE_ZONE = zone(
  ENGINE_MESSAGE,
  [...ENGINE_OUTSIDE, packagesExcept(ENGINE_PACKAGES), '(^|/)node(/|$)'],
  nodeBuiltins('engine/ uses Node only in adapters under node/ folders'),
);
const ENGINE_NODE_ZONE = zone('engine/ imports only engine/ and shared/domain/', ENGINE_OUTSIDE);
const MAIN_ZONE = zone('main/ imports the engine only through engine/index.ts (or engine/node/index.ts), and never renderer/ or e2e/', [
  intoLayer('engine', '(?!(index|node|node/index)$)'),
  intoLayer('(renderer|e2e)'),
]);
const rendererZone = (packages) =>
  zone(
    `renderer/ imports only renderer/, shared/ and browser packages (${packages.join(', ')})`,
    [intoLayer('(engine|main|e2e)'), packagesExcept(packages)],
    nodeBuiltins('renderer/ never uses Node'),
  );
const E2E_ZONE = zone('e2e/ drives the app from outside: it imports only e2e/ and shared/', [intoLayer('(engine|main|renderer)')]);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'react-hooks': reactHooks, zones: { rules: { 'dynamic-imports': dynamicImports } } },
    rules: {
      'max-len': ['error', { code: 140, tabWidth: 2 }],
      'max-lines': ['warn', { max: 300 }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-undef': 'off',
    },
  },
  // Tests may hold long titles, SQL and fixture strings; their code still wraps at 140.
  {
    files: TESTS,
    rules: {
      'max-lines': 'off',
      'max-len': ['error', { code: 140, tabWidth: 2, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  { files: ['shared/**'], rules: SHARED_ZONE },
  { files: ['engine/**'], rules: ENGINE_ZONE },
  { files: ['engine/**/node/**', 'engine/benchmarks/**', 'engine/**/*.bench.ts', 'engine/**/__fixtures__/**'], rules: ENGINE_NODE_ZONE },
  { files: ['main/**'], rules: MAIN_ZONE },
  { files: ['renderer/**'], rules: rendererZone(RENDERER_PACKAGES) },
  { files: ['renderer/**/*.test.{ts,tsx}'], rules: rendererZone([...RENDERER_PACKAGES, ...RENDERER_TEST_PACKAGES]) },
  { files: ['renderer/vite.config.ts'], rules: { 'no-restricted-imports': 'off', 'zones/dynamic-imports': 'off' } },
  // Playwright fixtures take `({}, use)` and call `use(...)`, which these rules would take for mistakes and React hooks.
  { files: ['e2e/**'], rules: { ...E2E_ZONE, 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' } },
  { files: ['engine/simulate/**', 'engine/world/**'], ignores: TESTS, rules: { 'max-lines-per-function': ['error', { max: 80 }] } },
);

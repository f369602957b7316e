// One lint config for the workspace. Beyond the recommended rules it holds the import direction
// of docs/architecture.md §Shape: domain ← api-client, ui ← remotes and shell; domain ← server; inside an app,
// no feature reaches into another; the rules of hooks and jsx-a11y's recommended set for the UI;
// and the build files (.cjs, .mjs) as Node code.
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const noApps = {
  group: ['**/shell/**', '**/mf-*/**', '@imprest/shell', '@imprest/mf-*'],
  message: 'Apps are loaded at run time, never imported.',
};
const noChakra = {
  group: ['@chakra-ui/*', '@emotion/*'],
  message: 'Use the components re-exported by @imprest/ui (only their recipes are built).',
};
const noServer = { group: ['**/server/**', '@imprest/server'], message: 'The frontends talk to the server over HTTP only.' };
const noQueryLib = {
  group: ['@tanstack/*'],
  message: 'Use the hooks @imprest/api-client/query re-exports: it holds the one query cache, and only the parts we use are built.',
};

/**
 * No imports across features inside an app: a file `depth` folders below src/features/<name>/ may
 * not climb into a sibling feature, directly or through src/features. What two features share goes
 * to the app's components/ or test/ (or a package). The shell's light-ui is its shared kit of
 * plain components (kept light for the sign-in pages), not a feature: every feature may use it.
 */
const UI = ['shell', 'mf-*'];
const noOtherFeature = (depth) => {
  const up = '\\.\\./'.repeat(depth);
  return {
    regex: `^(${up}(?!light-ui/)[^./]|${up}\\.\\./features/)`,
    message: 'No imports across features: move what both need to components/ or test/.',
  };
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Build files, scripts and the bench run on Node; the .cjs ones are CommonJS and require().
  { files: ['**/*.mjs', '**/*.cjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: UI.map((app) => `${app}/src/**/*.{ts,tsx}`).concat(
      'packages/ui/src/**/*.{ts,tsx}',
      'packages/router/src/**/*.{ts,tsx}',
      'packages/test-utils/src/**/*.{ts,tsx}',
    ),
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: UI.map((app) => `${app}/src/**/*.tsx`).concat('packages/ui/src/**/*.tsx', 'packages/router/src/**/*.tsx'),
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['@imprest/*', 'react', 'react-dom', 'axios'], message: 'domain is pure TypeScript: no React, no I/O, no other package.' },
    ]),
  },
  {
    files: ['packages/api-client/**/*.{ts,tsx}'],
    rules: restrict([noApps, noServer, noChakra, { group: ['@imprest/ui'], message: 'api-client and ui are siblings.' }]),
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: restrict([noApps, noServer, { group: ['@imprest/api-client'], message: 'api-client and ui are siblings.' }]),
  },
  { files: UI.map((app) => `${app}/**/*.{ts,tsx}`), rules: restrict([noApps, noChakra, noServer, noQueryLib]) },
  ...[1, 2, 3].map((depth) => ({
    files: UI.map((app) => `${app}/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`),
    rules: restrict([noApps, noChakra, noServer, noQueryLib, noOtherFeature(depth)]),
  })),
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      noApps,
      { group: ['@imprest/ui', '@imprest/api-client', 'react'], message: 'The server shares only @imprest/domain.' },
    ]),
  },
  // The server's layers point one way: jobs compose modules, the app injects into realtime what it
  // needs of a module, and the plugins read the config (tests may reach across).
  ...[
    ['server/src/modules/**/*.ts', ['**/jobs/*'], 'Jobs compose modules: a module never imports a job.'],
    ['server/src/realtime/**/*.ts', ['**/modules/**'], 'Realtime knows no module: the app injects what it needs (createRealtime options).'],
    ['server/src/config.ts', ['./plugins/*'], 'The plugins read the config, never the other way.'],
  ].map(([file, group, message]) => ({
    files: [file],
    ignores: ['**/__tests__/**'],
    rules: restrict([
      noApps,
      { group: ['@imprest/ui', '@imprest/api-client', 'react'], message: 'The server shares only @imprest/domain.' },
      { group, message },
    ]),
  })),
  // The browser tests and the bench share packages/harness; neither imports the other.
  ...[
    ['e2e/**/*.ts', 'bench'],
    ['bench/**/*.mjs', 'e2e'],
  ].map(([files, other]) => ({
    files: [files],
    rules: restrict([
      { group: [`**/${other}/**`, `@imprest/${other}`], message: 'e2e and the bench share packages/harness, never each other.' },
    ]),
  })),
);

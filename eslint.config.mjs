// One lint config for the workspace. Beyond the recommended rules it holds the import direction
// of ARCHITECTURE §1: domain ← api-client, ui ← remotes and shell; domain ← server.
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const noApps = { group: ['**/shell/**', '**/mf-*/**', '@imprest/shell', '@imprest/mf-*'], message: 'Apps are loaded at run time, never imported.' };
const noChakra = { group: ['@chakra-ui/*', '@emotion/*'], message: 'Use the components re-exported by @imprest/ui (only their recipes are built).' };
const noServer = { group: ['**/server/**', '@imprest/server'], message: 'The frontends talk to the server over HTTP only.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'test-results/**', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['@imprest/*', 'react', 'react-dom', 'axios'], message: 'domain is pure TypeScript: no React, no I/O, no other package.' },
    ]),
  },
  { files: ['packages/api-client/**/*.{ts,tsx}'], rules: restrict([noApps, noServer, noChakra, { group: ['@imprest/ui'], message: 'api-client and ui are siblings.' }]) },
  { files: ['packages/ui/**/*.{ts,tsx}'], rules: restrict([noApps, noServer, { group: ['@imprest/api-client'], message: 'api-client and ui are siblings.' }]) },
  { files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'], rules: restrict([noApps, noChakra, noServer]) },
  { files: ['server/**/*.ts'], rules: restrict([noApps, { group: ['@imprest/ui', '@imprest/api-client', 'react'], message: 'The server shares only @imprest/domain.' }]) },
);

// Every unit, component and API suite in one run; each package keeps its own jest.config.cjs.
const APPS = require('./apps.json');

module.exports = {
  // jest reads testTimeout here only, not in a project's config: room for a screen's several steps
  // (each waits up to 4 s, jest.setup-dom.cjs) on a loaded machine; tests that need more say so
  testTimeout: 20_000,
  projects: [
    '<rootDir>/packages/domain',
    '<rootDir>/packages/api-client',
    '<rootDir>/packages/ui',
    '<rootDir>/packages/router',
    '<rootDir>/packages/mf-config',
    '<rootDir>/server',
    // the shell and the remotes, from the list of apps
    ...[APPS.shell, ...APPS.remotes].map((app) => `<rootDir>/${app.dir}`),
  ],
};

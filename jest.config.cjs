// Every unit, component and API suite in one run; each package keeps its own jest.config.cjs.
module.exports = {
  projects: [
    '<rootDir>/packages/domain',
    '<rootDir>/packages/api-client',
    '<rootDir>/packages/ui',
    '<rootDir>/packages/router',
    '<rootDir>/packages/mf-config',
    '<rootDir>/server',
    '<rootDir>/shell',
    '<rootDir>/mf-requests',
    '<rootDir>/mf-retirements',
    '<rootDir>/mf-budget',
    '<rootDir>/mf-users',
    '<rootDir>/mf-settings',
  ],
};

// One jest setup for every package: swc turns TS/TSX into CommonJS for the test run only.
const path = require('node:path');
const { bundledPackages } = require('./jest.bundles.cjs');

/** @param {{ environment?: 'node' | 'jsdom', setup?: string[] }} options */
module.exports = function jestPreset(options = {}) {
  const jsdom = options.environment === 'jsdom';
  return {
    testEnvironment: jsdom ? 'jsdom' : 'node',
    // screens wait up to 4 s a step (jest.setup-dom.cjs): a test of several steps gets room for them
    ...(jsdom ? { testTimeout: 15_000 } : {}),
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only dependencies that jest must transform as well
    transformIgnorePatterns: ['/node_modules/(?!.pnpm|(@imprest)/)', '/node_modules/.pnpm/(?!(yup|toposort|property-expr|tiny-case)@)'],
    moduleNameMapper: {
      // Chakra, Kysely and TypeBox as one file each (jest.bundles.cjs)
      ...bundledPackages(jsdom ? 'jsdom' : 'node'),
      '^@imprest/(domain|api-client|ui|router)$': path.join(__dirname, 'packages/$1/src/index.ts'),
      '^@imprest/test-utils$': path.join(__dirname, 'packages/test-utils/src/index.tsx'),
      '^@imprest/(domain|api-client|ui)/(.+)$': path.join(__dirname, 'packages/$1/src/$2/index.ts'),
    },
    setupFilesAfterEnv: [...(jsdom ? [path.join(__dirname, 'jest.setup-dom.cjs')] : []), ...(options.setup ?? [])],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  };
};

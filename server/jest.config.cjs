const path = require('node:path');

const preset = require('../jest.preset.cjs')({ environment: 'node', setup: [path.join(__dirname, 'jest.setup.cjs')] });

// Dependencies that ship ES modules only: swc turns them into CommonJS for the test run too.
// (Kysely comes as one file: ../jest.bundles.cjs.)
const esmOnly = ['yup', 'toposort', 'property-expr', 'tiny-case', 'content-disposition', 'cookie'];

module.exports = {
  ...preset,
  transformIgnorePatterns: [`/node_modules/(?!.pnpm|(${esmOnly.join('|')}|@imprest)/)`, `/node_modules/.pnpm/(?!(${esmOnly.join('|')})@)`],
};

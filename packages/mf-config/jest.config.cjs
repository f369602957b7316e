// the build's own plugins and loaders are plain CommonJS beside this file; their tests are too
module.exports = { ...require('../../jest.preset.cjs')({ environment: 'node' }), testMatch: ['<rootDir>/__tests__/**/*.test.cjs'] };

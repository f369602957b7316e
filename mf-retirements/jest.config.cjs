module.exports = require('../jest.preset.cjs')({ environment: 'jsdom', setup: ['<rootDir>/src/test/setup-dom.ts'] });

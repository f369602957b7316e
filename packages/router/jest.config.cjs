module.exports = require('../../jest.preset.cjs')({ environment: 'jsdom' });

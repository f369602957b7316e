// component tests render the whole Chakra theme; the first render of a file can take seconds on a busy machine
module.exports = { ...require('../jest.preset.cjs')({ environment: 'jsdom' }), testTimeout: 20_000 };

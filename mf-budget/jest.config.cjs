// Form screens re-render Chakra's styled fields on every keystroke, which jsdom runs slowly: more time per test.
module.exports = { ...require('../jest.preset.cjs')({ environment: 'jsdom' }), testTimeout: 20_000 };

require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// jsdom lacks these; react-router needs them
Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy / waitFor wait up to 4 s, not Testing Library's 1 s: on CI's 2 busy cores a screen's first
// answer through the fake API and Chakra's render took longer than 1 s (a passing screen failed)
require('@testing-library/react').configure({ asyncUtilTimeout: 4000 });

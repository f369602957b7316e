require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// jsdom lacks these; react-router needs them
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { MAX_READS_PER_PAGE, SESSION_STORAGE_KEY, START_READS_KEY } from '@imprest/api-client';

// boot.js runs before any of the app's code and is given these by the build (boot-hints.cjs):
// they must be the keys and the limit the api-client writes with
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { BOOT_CONSTANTS } = require('../../boot-hints.cjs') as {
  BOOT_CONSTANTS: { SESSION_KEY: string; START_READS_KEY: string; MAX_READS: number };
};

describe('what boot.js is told of the app’s storage', () => {
  it('reads the session and the start reads under the api-client’s own keys, and no more reads than it keeps', () => {
    expect(BOOT_CONSTANTS).toEqual({ SESSION_KEY: SESSION_STORAGE_KEY, START_READS_KEY, MAX_READS: MAX_READS_PER_PAGE });
  });
});

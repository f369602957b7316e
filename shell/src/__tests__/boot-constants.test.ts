import { MAX_READS_PER_PAGE, SESSION_STORAGE_KEY, START_READS_KEY } from '@imprest/api-client';
import { MANIFEST_URL } from '../app/federation/manifest-url';

// boot.js runs before any of the app's code and is given these by the build (boot-hints.cjs):
// they must be the keys and the limit the api-client writes with
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { BOOT_CONSTANTS } = require('../../boot-hints.cjs') as {
  BOOT_CONSTANTS: { SESSION_KEY: string; START_READS_KEY: string; MAX_READS: number; MANIFEST_URL: string };
};

describe('what boot.js is told of the app’s storage', () => {
  it('reads the session and the start reads under the api-client’s own keys, no more reads than it keeps, and the shell’s manifest', () => {
    expect(BOOT_CONSTANTS).toEqual({ SESSION_KEY: SESSION_STORAGE_KEY, START_READS_KEY, MAX_READS: MAX_READS_PER_PAGE, MANIFEST_URL });
  });
});

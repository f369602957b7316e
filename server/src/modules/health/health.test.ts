import fs from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, DIALECTS } from '../../test-support/app';

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.each(DIALECTS)('health (%s)', (dialect) => {
  it('liveness: GET /api/v1/health reports ok and the database in use', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: dialect });
    } finally {
      await t.close();
    }
  });

  it('readiness: the database and the file store answer; Redis is not used without REDIS_URL', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not used', store: 'ok', disk: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('readiness: 503 naming the file store when it cannot be written', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      // the store's folder taken by a plain file: nothing can be written under it
      await fs.rm(path.join(t.dataDir, 'files'), { recursive: true, force: true });
      await fs.writeFile(path.join(t.dataDir, 'files'), 'not a folder');
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'Not ready: store not answering',
        code: 'INTERNAL',
        checks: { database: 'ok', redis: 'not used', store: 'down', disk: 'ok' },
      });
      // liveness stays up: restarting the process would not fix the disk
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  (REDIS_URL ? it : it.skip)('readiness: with REDIS_URL, Redis is checked too', async () => {
    const t = await createTestApp(dialect, { seed: false, env: { REDIS_URL: REDIS_URL!, FILES_SHARED: 'true' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', store: 'ok', disk: 'ok' } });
    } finally {
      await t.close();
    }
  });
});

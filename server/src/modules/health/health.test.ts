import { createTestApp, DIALECTS } from '../../test-support/app';

describe.each(DIALECTS)('GET /api/v1/health (%s)', (dialect) => {
  it('reports ok and the database in use', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: dialect });
    } finally {
      await t.close();
    }
  });
});

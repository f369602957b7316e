import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp } from '../../test-support/app';
import { signIn, jsonCaller } from '../../test-support/http';
import { captureLog } from '../../test-support/log';
import { registerSlowRequestLog, requestLogOptions, SLOW_REQUEST_MS } from '../request-log';

const PER_REQUEST = new Set(['incoming request', 'request completed']);

/** By default a request writes no log line of its own; REQUEST_LOG_LEVEL=info brings them back. */
describe('per-request log lines', () => {
  it.each([
    [{}, 0],
    [{ REQUEST_LOG_LEVEL: 'info' }, 2],
  ])('with %j, %i lines per call even when the logger takes everything', async (env, perCall) => {
    const log = captureLog('trace');
    const t = await createTestApp('sqlite', { logger: log.logger, env });
    try {
      const { token } = await signIn(t.app, 'finance_officer@example.org');
      const call = jsonCaller(t.app, token);
      for (const url of ['budget?page=1', 'users/validate-token', 'budget/6101']) expect((await call('GET', url)).statusCode).toBe(200);
      const lines = log.entries().filter((e) => PER_REQUEST.has(e.msg ?? ''));
      expect(lines.length).toBe(4 * perCall);
      // the app's own lines still reach the log at its LOG_LEVEL
      t.app.log.info('still here');
      expect(log.entries().some((e) => e.msg === 'still here')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('REQUEST_LOG_LEVEL takes pino levels only, warn by default', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).requestLogLevel).toBe('warn');
    expect(loadConfig({ DATA_DIR: '/tmp/x', REQUEST_LOG_LEVEL: 'DEBUG' }).requestLogLevel).toBe('debug');
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', REQUEST_LOG_LEVEL: 'loud' })).toThrow(ConfigError);
  });

  it(`a request slower than ${SLOW_REQUEST_MS} ms is logged at warn`, async () => {
    const log = captureLog('trace');
    const app = Fastify({ logger: log.logger, ...requestLogOptions('warn') });
    registerSlowRequestLog(app, 'warn');
    app.get('/slow', async () => {
      await sleep(SLOW_REQUEST_MS + 50);
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    try {
      expect((await app.inject({ method: 'GET', url: '/fast' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/slow?page=2' })).statusCode).toBe(200);
      const lines = log.entries();
      expect(lines.map((e) => e.msg)).toEqual(['slow request']);
      expect(lines[0]).toMatchObject({ level: 40, method: 'GET', url: '/slow?page=2', statusCode: 200 });
      expect(lines[0]!.ms as number).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
    } finally {
      await app.close();
    }
  });
});

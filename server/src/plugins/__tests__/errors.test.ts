import Fastify from 'fastify';
import { AppError } from '../../errors';
import { captureLog } from '../../test-support/log';
import { registerErrorHandler } from '../errors';

describe('the error handler', () => {
  const log = captureLog('error');
  const app = Fastify({ logger: log.logger });
  registerErrorHandler(app);
  app.get('/boom/:id', async () => {
    throw new Error('connection string postgres://user:secret@db/prod refused');
  });
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'Already reviewed');
  });
  afterAll(() => app.close());

  it('hides internals of unexpected failures behind a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom/42?signature=abc' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
  });

  it("logs a 500 with the request id, the method and the route's template (no ids, no query)", async () => {
    await app.inject({ method: 'GET', url: '/boom/42?signature=abc' });
    const [entry] = log.entries().filter((e) => e.msg === 'unhandled error');
    expect(entry).toMatchObject({ reqId: expect.any(String), method: 'GET', route: '/boom/:id' });
    expect(JSON.stringify(entry)).not.toContain('signature=abc');
  });

  it('maps an AppError code to its status', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Already reviewed', code: 'CONFLICT' });
  });
});

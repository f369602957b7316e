import Fastify from 'fastify';
import { AppError } from '../../errors';
import { registerErrorHandler } from '../errors';

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('connection string postgres://user:secret@db/prod refused');
  });
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'Already reviewed');
  });
  afterAll(() => app.close());

  it('hides internals of unexpected failures behind a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
  });

  it('maps an AppError code to its status', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Already reviewed', code: 'CONFLICT' });
  });
});

import { SYSTEM_ROLES, hasAdminPermission, hasFinancePermission, hasSuperAdminPermission } from '@imprest/domain';
import Fastify from 'fastify';
import type { AuthService } from '../../modules/auth/service';
import { requestsVisibleTo } from '../../access/requests';
import { registerAccessAudit } from '../../plugins/access-audit';
import { registerAuthGuard } from '../../plugins/auth';
import { isCaller } from '../../access/users';
import { isAllowed } from '..';

describe('policy', () => {
  it('grants each permission exactly as the shared domain rules do', () => {
    for (const system_role of SYSTEM_ROLES) {
      const user = { system_role };
      expect(isAllowed('public', user)).toBe(true);
      expect(isAllowed('authenticated', user)).toBe(true);
      expect(isAllowed('admin', user)).toBe(hasAdminPermission(user));
      expect(isAllowed('finance', user)).toBe(hasFinancePermission(user));
      expect(isAllowed('super_admin', user)).toBe(hasSuperAdminPermission(user));
    }
    expect(isAllowed('public', null)).toBe(true);
    expect(isAllowed('authenticated', null)).toBe(false);
  });

  it('lets only the account holder change their settings', () => {
    expect(isCaller({ id: 3 }, 3)).toBe(true);
    expect(isCaller({ id: 3 }, 4)).toBe(false);
  });

  it('refuses to start when an /api route names no permission', async () => {
    const app = Fastify({ logger: false });
    registerAuthGuard(app, {} as AuthService);
    await expect(async () => {
      app.get('/api/v1/forgotten', async () => 'oops');
      await app.ready();
    }).rejects.toThrow('Route GET /api/v1/forgotten must declare config.permission');
  });

  it('refuses to start when an /api route names no access rules, or an unknown one', async () => {
    const missing = Fastify({ logger: false });
    registerAuthGuard(missing, {} as AuthService);
    await expect(async () => {
      missing.get('/api/v1/lists', { config: { permission: 'authenticated' } }, async () => 'oops');
      await missing.ready();
    }).rejects.toThrow('Route GET /api/v1/lists must declare config.access');
    const unknown = Fastify({ logger: false });
    registerAuthGuard(unknown, {} as AuthService);
    await expect(async () => {
      unknown.get(
        '/api/v1/lists',
        { config: { permission: 'authenticated', access: ['request.everything' as never] } },
        async () => 'oops',
      );
      await unknown.ready();
    }).rejects.toThrow('declares an unknown access rule "request.everything"');
  });

  it('refuses a 2xx answer of a route that did not apply the rules it declares (strict), and passes one that did', async () => {
    const app = Fastify({ logger: false });
    const caller = { id: 1, organization_id: 1, system_role: 'staff' };
    registerAuthGuard(app, { authenticate: async () => ({ user: { ...caller }, sessionId: 's' }) } as unknown as AuthService);
    registerAccessAudit(app, { strict: true });
    app.get('/api/v1/forgetful', { config: { permission: 'authenticated', access: ['request.read'] } }, async () => ({ requests: [] }));
    app.get('/api/v1/careful', { config: { permission: 'authenticated', access: ['request.read'] } }, async (request) => {
      requestsVisibleTo(request.user!);
      return { requests: [] };
    });
    const headers = { authorization: 'Bearer x' };
    const forgetful = await app.inject({ method: 'GET', url: '/api/v1/forgetful', headers });
    expect(forgetful.statusCode).toBe(500);
    expect(forgetful.json()).toEqual({ error: 'Access rules not applied: request.read', code: 'INTERNAL' });
    const careful = await app.inject({ method: 'GET', url: '/api/v1/careful', headers });
    expect(careful.statusCode).toBe(200);
    expect(careful.json()).toEqual({ requests: [] });
  });
});

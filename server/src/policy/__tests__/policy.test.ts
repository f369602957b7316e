import { SYSTEM_ROLES, hasAdminPermission, hasFinancePermission, hasSuperAdminPermission } from '@imprest/domain';
import Fastify from 'fastify';
import type { AuthService } from '../../modules/auth/service';
import { registerAuthGuard } from '../../plugins/auth';
import { canChangeOwnSettings, isAllowed } from '..';

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
    expect(canChangeOwnSettings({ id: 3 }, 3)).toBe(true);
    expect(canChangeOwnSettings({ id: 3 }, 4)).toBe(false);
  });

  it('refuses to start when an /api route names no permission', async () => {
    const app = Fastify({ logger: false });
    registerAuthGuard(app, {} as AuthService);
    await expect(async () => {
      app.get('/api/v1/forgotten', async () => 'oops');
      await app.ready();
    }).rejects.toThrow('Route GET /api/v1/forgotten must declare config.permission');
  });
});

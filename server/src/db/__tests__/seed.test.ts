import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_ROLES } from '@imprest/domain';
import Fastify from 'fastify';
import { systemClock } from '../../clock';
import { createTestApp, DIALECTS, openTestDatabase } from '../../test-support/app';
import { signIn } from '../../test-support/http';
import { migrateToLatest } from '../migrations';
import { DEMO_PASSWORD, seedFirstStart } from '../seed';
import { HASH_OPTIONS } from '../../modules/auth/passwords';

const log = Fastify({ logger: { level: 'silent' } }).log;

describe.each(DIALECTS)('first-start seeding (%s)', (dialect) => {
  it('creates exactly the documented demo accounts and budget codes, once', async () => {
    const t = await createTestApp(dialect);
    try {
      const users = await t.app.db.selectFrom('users').selectAll().orderBy('email').execute();
      expect(users.map((u) => u.email)).toEqual([...SYSTEM_ROLES.map((role) => `${role}@example.org`), 'staff2@example.org'].sort());
      for (const role of SYSTEM_ROLES) expect(users.find((u) => u.email === `${role}@example.org`)?.system_role).toBe(role);
      expect(users.find((u) => u.email === 'staff2@example.org')?.system_role).toBe('staff');
      expect(new Set(users.map((u) => u.organization_id)).size).toBe(1);
      for (const user of users) {
        expect(user.fullname).toMatch(/^\S+ \S+/);
        expect(user.phone_number).toMatch(/^\d{10}$/);
        expect(user.department).not.toBe('');
        expect(user.password_hash).toMatch(
          new RegExp(`^\\$argon2id\\$v=19\\$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=1\\$`),
        );
      }
      for (const user of users) await signIn(t.app, user.email, DEMO_PASSWORD);

      const organizations = await t.app.db.selectFrom('organizations').selectAll().execute();
      expect(organizations).toEqual([expect.objectContaining({ name: 'Imprest Demo', time_zone: 'Africa/Dar_es_Salaam' })]);

      const budgets = await t.app.db
        .selectFrom('budget_codes')
        .select(['code', 'name', 'amount', 'amount_currency', 'current_status', 'meta_data', 'department'])
        .orderBy('code')
        .execute();
      expect(budgets).toEqual([
        {
          code: 5010,
          name: 'Staff travel',
          amount: 6_000_000_000,
          amount_currency: 'tzs',
          current_status: 'active',
          meta_data: '["administrationalCost","hq"]',
          department: 'all',
        },
        {
          code: 6101,
          name: 'Office supplies',
          amount: 2_500_000_000,
          amount_currency: 'tzs',
          current_status: 'active',
          meta_data: '["operatingCost","stemParkDar"]',
          department: 'all',
        },
        {
          code: 8205,
          name: 'STEM kits',
          amount: 30_000_000_000,
          amount_currency: 'tzs',
          current_status: 'active',
          meta_data: '["stemKits","stemParkTanga"]',
          department: 'all',
        },
      ]);

      expect(await seedFirstStart({ db: t.app.db, clock: systemClock, log, adminEmail: null, adminPassword: null })).toBe('skipped');
      expect(await t.app.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    } finally {
      await t.close();
    }
  });

  it('creates only the configured director when ADMIN_EMAIL and ADMIN_PASSWORD are set', async () => {
    const t = await createTestApp(dialect, { env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'a-strong-password' } });
    try {
      const users = await t.app.db.selectFrom('users').selectAll().execute();
      expect(users).toEqual([expect.objectContaining({ email: 'boss@example.com', system_role: 'director' })]);
      expect(await t.app.db.selectFrom('budget_codes').select('id').execute()).toEqual([]);
      await signIn(t.app, 'boss@example.com', 'a-strong-password');
    } finally {
      await t.close();
    }
  });

  it('seeds once when two instances start at the same time', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-seed-'));
    const first = await openTestDatabase(dialect, dataDir);
    await migrateToLatest(first.database.db, first.database.dialect);
    // A second connection pool on the same database, as a second server process would have.
    const second = first.connectAgain();
    try {
      const results = await Promise.all(
        [first.database.db, second.db].map((db) => seedFirstStart({ db, clock: systemClock, log, adminEmail: null, adminPassword: null })),
      );
      expect(results.sort()).toEqual(['demo', 'skipped']);
      expect(await first.database.db.selectFrom('users').select('id').execute()).toHaveLength(9);
      expect(await first.database.db.selectFrom('organizations').select('id').execute()).toHaveLength(1);
    } finally {
      await second.destroy();
      await first.database.destroy();
      await first.dropSchema();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

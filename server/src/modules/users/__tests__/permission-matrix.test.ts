import {
  SYSTEM_ROLES,
  canAddUsers,
  canChooseDirectorPosition,
  canDeleteUsers,
  canEditIdentity,
  canRestrictUsers,
  canSeeLastLogin,
  hasAdminPermission,
  hasFinancePermission,
  hasSuperAdminPermission,
  type SystemRole,
} from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { addOrganization, addUser, usersApi } from '../../../test-support/users';

/**
 * Who holds which right, written out from docs/product-rules.md §Roles (not read from the code): admin permission is
 * every role but staff; finance permission is finance officer, executive secretary and director;
 * super admin (director rights: director position, identity edits, delete, last login) is director.
 */
const RIGHTS: Record<SystemRole, { admin: boolean; finance: boolean; director: boolean }> = {
  staff: { admin: false, finance: false, director: false },
  admin: { admin: true, finance: false, director: false },
  petty_cash_custodian: { admin: true, finance: false, director: false },
  stem_park_manager: { admin: true, finance: false, director: false },
  finance_officer: { admin: true, finance: true, director: false },
  executive_secretary: { admin: true, finance: true, director: false },
  director: { admin: true, finance: true, director: true },
  board_chairman: { admin: true, finance: false, director: false },
};

type Target = 'own' | 'other' | 'outsider';
type Rights = (typeof RIGHTS)[SystemRole];
interface Call {
  name: string;
  /** The status docs/product-rules.md §Validation "Users" and docs/product-rules.md §Roles call for: denials of an object look like a missing one. */
  expect(rights: Rights, target: Target): number;
  run(ctx: { app: FastifyInstance; token: string; role: SystemRole; target: { id: number } }): Promise<{ statusCode: number }>;
}

const person = (email: string, extra: object = {}) => ({
  fullname: 'New Person',
  department: 'it',
  phone_number: '0712000111',
  email,
  role: 'staff',
  system_role: 'staff',
  ...extra,
});
let serial = 0;
const fresh = () => `matrix${++serial}@example.org`;

/** Each call on a record: the caller's own, another user of the organisation, another organisation's user. */
const RECORD_CALLS: Call[] = [
  {
    name: 'GET users/{id}',
    expect: (r, t) => (t === 'own' || (t === 'other' && r.admin) ? 200 : 404),
    run: ({ app, token, target }) => usersApi(app, token).get(target.id),
  },
  {
    name: 'PUT users (phone)',
    expect: (r, t) => (t === 'own' || (t === 'other' && r.admin) ? 200 : 404),
    run: ({ app, token, target }) =>
      usersApi(app, token).update({ user_id: target.id, phone_number: '0799000' + String(100 + serial++).slice(-3) }),
  },
  {
    // The e-mail is the sign-in identity: another user's only by a director.
    name: 'PUT users (e-mail)',
    expect: (r, t) => (t === 'outsider' || (t === 'other' && !r.admin) ? 404 : t === 'own' || r.director ? 200 : 403),
    run: ({ app, token, target }) => usersApi(app, token).update({ user_id: target.id, email: fresh() }),
  },
  {
    name: 'PUT users (name)',
    expect: (r, t) => (t === 'outsider' || (t === 'other' && !r.admin) ? 404 : r.director ? 200 : 403),
    run: ({ app, token, target }) => usersApi(app, token).update({ user_id: target.id, fullname: `Renamed ${serial++}` }),
  },
  {
    name: 'DELETE users/{userId}',
    expect: (r, t) => (!r.director || t === 'outsider' ? 404 : t === 'own' ? 409 : 204),
    run: ({ app, token, target }) => usersApi(app, token).remove(target.id),
  },
  {
    name: 'POST users/restrict',
    expect: (r, t) => (!r.finance || t === 'outsider' ? 404 : t === 'own' ? 409 : 200),
    run: ({ app, token, target }) => usersApi(app, token).restrict({ user_id: target.id, lock_status: true }),
  },
  {
    name: 'PUT users/settings',
    expect: (_r, t) => (t === 'own' ? 200 : 404),
    run: ({ app, token, target }) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/users/settings',
        headers: authHeaders(token),
        payload: { user_id: target.id, settings: '{"mute_notification":true}' },
      }),
  },
];

/** Calls on no one record. */
const SECTION_CALLS: Call[] = [
  {
    name: 'POST users (staff)',
    expect: (r) => (r.admin ? 201 : 404),
    run: ({ app, token }) => usersApi(app, token).create([person(fresh())]),
  },
  {
    name: 'POST users (director position)',
    expect: (r) => (r.director ? 201 : r.admin ? 403 : 404),
    run: ({ app, token }) => usersApi(app, token).create([person(fresh(), { role: 'director' })]),
  },
  {
    name: 'POST users (director system role)',
    expect: (r) => (r.director ? 201 : r.admin ? 403 : 404),
    run: ({ app, token }) => usersApi(app, token).create([person(fresh(), { system_role: 'director' })]),
  },
  {
    name: 'GET users list, admin mode',
    expect: (r) => (r.admin ? 200 : 404),
    run: ({ app, token, role }) => usersApi(app, token).list('all', role),
  },
  {
    name: 'GET users list, staff mode',
    expect: (r) => (r.admin ? 200 : 404),
    run: ({ app, token }) => usersApi(app, token).list('it', 'user'),
  },
];

const ROLES = [...SYSTEM_ROLES];

it('the rights table agrees with the shared domain rules', () => {
  for (const role of ROLES) {
    const actor = { id: 1, system_role: role };
    expect([hasAdminPermission(actor), canAddUsers(actor)]).toEqual([RIGHTS[role].admin, RIGHTS[role].admin]);
    expect([hasFinancePermission(actor), canRestrictUsers(actor)]).toEqual([RIGHTS[role].finance, RIGHTS[role].finance]);
    for (const rule of [hasSuperAdminPermission, canChooseDirectorPosition, canEditIdentity, canDeleteUsers, canSeeLastLogin]) {
      expect(rule(actor)).toBe(RIGHTS[role].director);
    }
  }
});

describe.each(DIALECTS)('users permission matrix (%s)', (dialect) => {
  let t: TestApp;
  const sessions = new Map<SystemRole, { token: string; id: number }>();
  let outsiderOrg: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) {
      const { token, user } = await signIn(t.app, `${role}@example.org`);
      sessions.set(role, { token, id: user.id });
    }
    outsiderOrg = await addOrganization(t.app, 'Elsewhere');
  });
  afterAll(() => t.close());

  async function targetFor(role: SystemRole, target: Target) {
    if (target === 'own') return { id: sessions.get(role)!.id };
    return addUser(t.app, { email: fresh(), ...(target === 'outsider' && { organization_id: outsiderOrg }) });
  }

  const recordCases = RECORD_CALLS.flatMap((call) =>
    ROLES.flatMap((role) =>
      (['own', 'other', 'outsider'] as const).map((target) => [call.name, role, target, call.expect(RIGHTS[role], target), call] as const),
    ),
  );
  it.each(recordCases)('%s as %s on %s record → %d', async (_name, role, target, status, call) => {
    const response = await call.run({ app: t.app, token: sessions.get(role)!.token, role, target: await targetFor(role, target) });
    expect(response.statusCode).toBe(status);
  });

  const sectionCases = SECTION_CALLS.flatMap((call) =>
    ROLES.map((role) => [call.name, role, call.expect(RIGHTS[role], 'other'), call] as const),
  );
  it.each(sectionCases)('%s as %s → %d', async (_name, role, status, call) => {
    const response = await call.run({ app: t.app, token: sessions.get(role)!.token, role, target: { id: 0 } });
    expect(response.statusCode).toBe(status);
  });

  it.each(ROLES.map((role) => [role, RIGHTS[role].director] as const))('%s sees Last Logged In of others: %s', async (role, shown) => {
    const api = usersApi(t.app, sessions.get(role)!.token);
    const staffId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'staff2@example.org').executeTakeFirstOrThrow())
      .id;
    await signIn(t.app, 'staff2@example.org');
    const viewed = RIGHTS[role].admin ? (await api.get(staffId)).json().user : null;
    const listed = RIGHTS[role].admin ? (await api.list('stemKits', role)).json().users[0] : null;
    for (const user of [viewed, listed].filter(Boolean)) expect(user.last_logged_in !== null).toBe(shown);
  });
});

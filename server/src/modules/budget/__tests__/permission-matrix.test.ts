import {
  DEPARTMENTS,
  SYSTEM_ROLES,
  canRemoveBudget,
  canSeeBudgetCode,
  hasFinancePermission,
  seesAllDepartmentBudgets,
  type SystemRole,
} from '@imprest/domain';
import { unzip } from '../../../test-support/unzip';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';

/**
 * Who holds which budget right, written out from docs/product-rules.md §Roles (not read from the code): finance
 * permission (add, edit, archive, delete, download) is finance officer, executive secretary and
 * director; every department's codes are seen by those three and the board chairman; everyone
 * else sees the codes of their own department and those for 'all'.
 */
const RIGHTS: Record<SystemRole, { finance: boolean; allDepartments: boolean }> = {
  staff: { finance: false, allDepartments: false },
  admin: { finance: false, allDepartments: false },
  petty_cash_custodian: { finance: false, allDepartments: false },
  stem_park_manager: { finance: false, allDepartments: false },
  finance_officer: { finance: true, allDepartments: true },
  executive_secretary: { finance: true, allDepartments: true },
  director: { finance: true, allDepartments: true },
  board_chairman: { finance: false, allDepartments: true },
};
const ROLES = [...SYSTEM_ROLES];

/** One code per department: youth boot camps, HQ, cost code = 1 + the department's index. */
const departmentCode = (department: string) => 9001 + DEPARTMENTS.indexOf(department as (typeof DEPARTMENTS)[number]);
/** A department none of the demo users is in. */
const ELSEWHERE = 'marketing';
let serial = 0;
/** A fresh code for a call that adds one: mastercard, HQ, 1..99. */
const freshCode = () => 2001 + serial++;

type Rights = (typeof RIGHTS)[SystemRole];
interface Caller {
  api: BudgetApi;
  department: string;
}
interface Call {
  name: string;
  expect(rights: Rights): number;
  run(caller: Caller, t: TestApp): Promise<{ statusCode: number; body: string; rawPayload: Buffer }>;
}

async function idOf(t: TestApp, code: number) {
  return (await t.app.db.selectFrom('budget_codes').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

const CALLS: Call[] = [
  { name: 'GET budget', expect: () => 200, run: ({ api }) => api.list() },
  { name: 'GET budget/codes', expect: () => 200, run: ({ api }) => api.codes() },
  { name: "GET budget/{code} of a code for 'all'", expect: () => 200, run: ({ api }) => api.get(6101) },
  { name: 'GET budget/{code} of their department', expect: () => 200, run: ({ api, department }) => api.get(departmentCode(department)) },
  {
    name: 'GET budget/{code} of another department',
    expect: (r) => (r.allDepartments ? 200 : 404),
    run: ({ api }) => api.get(departmentCode(ELSEWHERE)),
  },
  {
    name: 'GET budget/{code}/balance of their department',
    expect: () => 200,
    run: ({ api, department }) => api.balance(departmentCode(department), '10'),
  },
  {
    name: 'GET budget/{code}/balance of another department',
    expect: (r) => (r.allDepartments ? 200 : 404),
    run: ({ api }) => api.balance(departmentCode(ELSEWHERE), '10'),
  },
  {
    name: 'POST budget',
    expect: (r) => (r.finance ? 201 : 404),
    run: ({ api }) => api.create(budgetBody({ code: freshCode(), meta_data: ['mastercard', 'hq'] })),
  },
  {
    name: 'PUT budget (edit)',
    expect: (r) => (r.finance ? 200 : 404),
    run: async ({ api }, t) =>
      api.update({ ...budgetBody({ name: `Office supplies ${serial++}`, code: 6101, amount: 25_000_000 }), id: await idOf(t, 6101) }),
  },
  {
    name: 'PUT budget (archive, then re-activate)',
    expect: (r) => (r.finance ? 200 : 404),
    run: async ({ api }, t) => {
      const id = await idOf(t, 6101);
      const archived = await api.update({ id, current_status: 'archived' });
      if (archived.statusCode !== 200) return archived;
      expect(archived.json().data.current_status).toBe('archived');
      return api.update({ id, current_status: 'active' });
    },
  },
  {
    name: 'POST budget/remove',
    expect: (r) => (r.finance ? 204 : 404),
    run: async ({ api }, t) => {
      const code = freshCode();
      const now = new Date().toISOString();
      await t.app.db
        .insertInto('budget_codes')
        .values({
          organization_id: 1,
          name: 'To remove',
          code,
          description: '',
          amount: 100,
          amount_currency: 'tzs',
          department: 'all',
          current_status: 'active',
          meta_data: '["mastercard","hq"]',
          created_at: now,
          modified_at: now,
        })
        .execute();
      return api.remove({ id: await idOf(t, code) });
    },
  },
  { name: 'GET budget/download/{code}', expect: (r) => (r.finance ? 200 : 404), run: ({ api }) => api.download(6101) },
];

it('the rights table agrees with the shared domain rules', () => {
  for (const role of ROLES) {
    const user = { system_role: role, department: 'it' };
    expect(hasFinancePermission(user)).toBe(RIGHTS[role].finance);
    expect(seesAllDepartmentBudgets(user)).toBe(RIGHTS[role].allDepartments);
    expect(canSeeBudgetCode(user, { department: ELSEWHERE })).toBe(RIGHTS[role].allDepartments);
    expect(canSeeBudgetCode(user, { department: 'it' }) && canSeeBudgetCode(user, { department: 'all' })).toBe(true);
  }
  expect(canRemoveBudget({ requests_count: 0 })).toBe(true);
});

describe.each(DIALECTS)('budget permission matrix (%s)', (dialect) => {
  let t: TestApp;
  const callers = new Map<SystemRole, Caller>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const director = budgetApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    for (const department of DEPARTMENTS) {
      const code = departmentCode(department);
      expect(
        (await director.create(budgetBody({ name: `For ${department}`, department, code, meta_data: ['youthBootCamps', 'hq'] })))
          .statusCode,
      ).toBe(201);
    }
    for (const role of ROLES) {
      const { token, user } = await signIn(t.app, `${role}@example.org`);
      const department = (await t.app.db.selectFrom('users').select('department').where('id', '=', user.id).executeTakeFirstOrThrow())
        .department;
      expect(department).not.toBe(ELSEWHERE);
      callers.set(role, { api: budgetApi(t.app, token), department });
    }
  });
  afterAll(() => t.close());

  const cases = CALLS.flatMap((call) => ROLES.map((role) => [call.name, role, call.expect(RIGHTS[role]), call] as const));
  it.each(cases)('%s as %s → %d', async (_name, role, status, call) => {
    const response = await call.run(callers.get(role)!, t);
    expect(response.statusCode).toBe(status);
    if (status === 404) expect(JSON.parse(response.body)).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    if (call.name.startsWith('GET budget/download') && status === 200) expect(unzip(response.rawPayload).length).toBe(6);
  });

  it.each(ROLES)('%s lists and picks exactly the codes of the departments they see', async (role) => {
    const { api, department } = callers.get(role)!;
    const rows = await t.app.db
      .selectFrom('budget_codes')
      .select(['code', 'department', 'current_status'])
      .where('organization_id', '=', 1)
      .orderBy('code')
      .execute();
    const seen = rows.filter((r) => RIGHTS[role].allDepartments || r.department === department || r.department === 'all');
    const listed = (await api.list('per_page=100')).json().budget_codes.map((b: { code: number }) => b.code);
    expect(listed).toEqual(seen.map((r) => r.code));
    const picked = (await api.codes()).json().budget_codes.map((b: { code: number }) => b.code);
    expect(picked).toEqual(seen.filter((r) => r.current_status === 'active').map((r) => r.code));
    if (!RIGHTS[role].allDepartments) {
      expect(listed).not.toContain(departmentCode(ELSEWHERE));
      expect(listed).toContain(departmentCode(department));
      // asking for another department changes nothing for them
      expect((await api.list(`per_page=100&department=${ELSEWHERE}`)).json().budget_codes.map((b: { code: number }) => b.code)).toEqual(
        listed,
      );
    }
  });
});

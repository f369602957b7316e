import { DEMO_USERS } from '../../../db/seed';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { addOrganization, addUser, usersApi } from '../../../test-support/users';

interface ListedUser {
  fullname: string;
  email: string;
  department: string;
  last_logged_in: string | null;
}

describe.each(DIALECTS)('GET users/department/{department}/{role} (%s)', (dialect) => {
  let t: TestApp;
  let director: ReturnType<typeof usersApi>;
  let finance: ReturnType<typeof usersApi>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // 25 more people in IT, one deleted, one with LIKE wildcards in the name, one in another organisation.
    for (let n = 1; n <= 25; n++)
      await addUser(t.app, { email: `it${n}@example.org`, fullname: `It Person ${String(n).padStart(2, '0')}`, department: 'it' });
    await addUser(t.app, { email: 'gone@example.org', fullname: 'Gone Person', department: 'it', deleted_at: new Date().toISOString() });
    await addUser(t.app, { email: 'odd@example.org', fullname: 'Odd 100%_Name', department: 'content' });
    const other = await addOrganization(t.app, 'Elsewhere');
    await addUser(t.app, { email: 'outsider@example.org', fullname: 'Outsider', organization_id: other, department: 'it' });
    director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    finance = usersApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
  });
  afterAll(() => t.close());

  const names = (body: { users: ListedUser[] }) => body.users.map((u) => u.fullname);

  it("lists the whole organisation by name in admin mode ('all'), 10 per page by default, never deleted users", async () => {
    const response = await director.list('all', 'director');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const everyone = [
      ...DEMO_USERS.map((u) => u.fullname),
      'Odd 100%_Name',
      ...Array.from({ length: 25 }, (_, i) => `It Person ${String(i + 1).padStart(2, '0')}`),
    ];
    const sorted = everyone.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(body).toMatchObject({ page: 1, per_page: 10, total: everyone.length });
    expect(names(body)).toEqual(sorted.slice(0, 10));

    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(...names((await director.list('all', 'director', `page=${page}`)).json()));
    expect(pages).toEqual(sorted);
    expect(pages).not.toContain('Gone Person');
    expect(pages).not.toContain('Outsider');
  });

  it('narrows to a department, pages with per_page, and answers an empty page past the end', async () => {
    const page = (await finance.list('it', 'finance_officer', 'page=3&per_page=10')).json();
    expect(page).toMatchObject({ page: 3, per_page: 10, total: 25 });
    expect(names(page)).toEqual(['It Person 21', 'It Person 22', 'It Person 23', 'It Person 24', 'It Person 25']);
    const past = (await finance.list('it', 'finance_officer', 'page=9')).json();
    expect(past).toMatchObject({ users: [], page: 9, total: 25 });
    expect((await finance.list('it', 'finance_officer', 'per_page=100')).json().users).toHaveLength(25);
  });

  it("takes the staff-mode role 'user' the same way", async () => {
    const body = (await finance.list('finance', 'user')).json();
    expect(names(body)).toEqual(['Grace Lyimo']);
    expect((await finance.list('all', 'user')).json().total).toBe(DEMO_USERS.length + 26);
  });

  it('searches names and e-mails in any case, with wildcards taken literally', async () => {
    expect(names((await director.list('all', 'director', 'search=NEEMA')).json())).toEqual(['Neema Mushi']);
    expect(names((await director.list('all', 'director', 'search=Staff2%40Example')).json())).toEqual(['Daudi Massawe']);
    expect(names((await director.list('all', 'director', 'search=100%25_')).json())).toEqual(['Odd 100%_Name']);
    expect((await director.list('all', 'director', 'search=%25')).json().total).toBe(1);
    // '_' is literal: the name above and the e-mails of the five roles with an underscore
    expect((await director.list('all', 'director', 'search=_')).json().total).toBe(6);
    expect((await director.list('it', 'director', 'search=person%202')).json().total).toBe(6);
    expect((await director.list('all', 'director', 'search=%20%20')).json().total).toBe(DEMO_USERS.length + 26);
  });

  it('shows Last Logged In to directors only', async () => {
    const byDirector = (await director.list('finance', 'director')).json().users[0];
    const byFinance = (await finance.list('finance', 'finance_officer')).json().users[0];
    expect(byDirector.last_logged_in).toEqual(expect.any(String));
    expect(byFinance.last_logged_in).toBeNull();
  });

  it("refuses another role than 'user' or the caller's own, and unknown departments", async () => {
    for (const [department, role, message] of [
      ['all', 'staff', 'Unknown list role "staff": use "user" or your own system role'],
      ['all', 'finance_officer', 'Unknown list role "finance_officer": use "user" or your own system role'],
      ['everything', 'director', 'Unknown department "everything"'],
    ]) {
      const response = await director.list(department, role);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'BAD_REQUEST' });
    }
  });

  it('hides the list from staff', async () => {
    const staff = usersApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    for (const [department, role] of [
      ['engineering', 'user'],
      ['all', 'staff'],
    ]) {
      const response = await staff.list(department, role);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

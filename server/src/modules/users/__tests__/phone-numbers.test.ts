import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { addUser, rowCounts, usersApi } from '../../../test-support/users';

const person = (n: number, phone_number: string) => ({
  fullname: `Person ${n}`,
  department: 'finance',
  phone_number,
  email: `person${n}@example.org`,
  role: 'staff',
  system_role: 'staff',
});

const DAMAGED = 'phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number';

// docs/product-rules.md §Phone numbers: the server applies the domain's rule to what any client sends
describe.each(DIALECTS)('phone numbers in users create and update (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const as = async (role: string) => usersApi(t.app, (await signIn(t.app, `${role}@example.org`)).token);

  it('stores every way of writing a mobile number as E.164, a lost leading zero restored', async () => {
    const admin = await as('admin');
    const response = await admin.create([person(1, '0712 345 678'), person(2, '712345679'), person(3, '+254 712 345678')]);
    expect(response.statusCode).toBe(201);
    expect(response.json().users.map((u: { phone_number: string }) => u.phone_number)).toEqual([
      '+255712345678',
      '+255712345679',
      '+254712345678',
    ]);
  });

  it('refuses a number in scientific notation and what is not a mobile number, naming each row, and writes nothing', async () => {
    const admin = await as('admin');
    const before = await rowCounts(t.app);
    const response = await admin.create([
      person(1, '0712345678'),
      person(2, '2.55712E+11'),
      person(3, '25571211'),
      person(4, '0222123456'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `Row 2: ${DAMAGED} (and 2 more problems)`,
      code: 'BAD_REQUEST',
      rows: [
        { row: 2, field: 'phone_number', message: DAMAGED },
        { row: 3, field: 'phone_number', message: 'phone number 25571211 is not a valid mobile number (e.g. 0712 345 678)' },
        { row: 4, field: 'phone_number', message: 'phone number 0222123456 is not a valid mobile number (e.g. 0712 345 678)' },
      ],
    });
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('updates a phone to E.164, refuses a damaged one with 400 {error, code}, and keeps an older stored value left as it is', async () => {
    const admin = await as('director');
    const old = await addUser(t.app, { email: 'old@example.org', phone_number: '12345678' });
    // the whole form sent back with the phone as stored under the older rule: saved, phone untouched
    const same = await admin.update({ user_id: old.id, fullname: 'Test Person', department: 'finance', phone_number: '12345678' });
    expect(same.statusCode).toBe(200);
    expect(same.json().user).toMatchObject({ department: 'finance', phone_number: '12345678' });

    const damaged = await admin.update({ user_id: old.id, phone_number: '2.55712E+11' });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toEqual({ error: DAMAGED.charAt(0).toUpperCase() + DAMAGED.slice(1), code: 'BAD_REQUEST' });

    const fixed = await admin.update({ user_id: old.id, phone_number: '0754 000 002' });
    expect(fixed.json().user.phone_number).toBe('+255754000002');
    const stored = await t.app.db.selectFrom('users').select('phone_number').where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(stored.phone_number).toBe('+255754000002');
  });
});

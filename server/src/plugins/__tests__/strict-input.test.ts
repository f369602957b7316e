import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { jsonCaller, signIn } from '../../test-support/http';
import { requestBody } from '../../test-support/requests';
import { MULTI_LINE_FIELDS } from '../text-guard';

/** Query numbers TypeBox used to read leniently, each as a person would not write it. */
const LOOSE_NUMBERS = ['1.5', '0x10', '1e1', ' 1', '1 ', '+1', '01', '-1', '', 'Infinity', '١'];

type Call = ReturnType<typeof jsonCaller>;

describe.each(DIALECTS)('strict input (%s)', (dialect) => {
  let t: TestApp;
  let director: Call;
  let staff: Call;
  let staffId: number;
  let finance: Call;
  let financeId: number;
  let code: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    const staffSession = await signIn(t.app, 'staff@example.org');
    staff = jsonCaller(t.app, staffSession.token);
    staffId = staffSession.user.id;
    const financeSession = await signIn(t.app, 'finance_officer@example.org');
    finance = jsonCaller(t.app, financeSession.token);
    financeId = financeSession.user.id;
    code = ((await director('GET', 'budget')).json() as { budget_codes: Array<{ code: number }> }).budget_codes[0].code;
  });
  afterAll(() => t.close());

  describe('query numbers', () => {
    const routes = () => [
      'budget',
      `budget/${code}`,
      'users/department/all/director',
      `requests/finance_officer/${financeId}`,
      `requests/finance_officer/pending/${financeId}`,
    ];
    const callerOf = (url: string) => (url.startsWith('requests') ? finance : director);

    it.each(['page', 'per_page'])('refuses a loosely written %s on every paged route, naming it', async (name) => {
      for (const url of routes()) {
        for (const value of LOOSE_NUMBERS) {
          const response = await callerOf(url)('GET', `${url}?${name}=${encodeURIComponent(value)}`);
          expect({ url, value, status: response.statusCode }).toEqual({ url, value, status: 400 });
          expect(response.json()).toEqual({ error: expect.stringContaining(`querystring.${name}:`), code: 'BAD_REQUEST' });
        }
      }
    });

    it('refuses a loosely written amount on the balance check, with the amount message', async () => {
      for (const value of [' 5', '5 ', '+5', '5e1', '0x10', '5.']) {
        const response = await director('GET', `budget/${code}/balance?amount=${encodeURIComponent(value)}`);
        expect({ value, status: response.statusCode }).toEqual({ value, status: 400 });
        expect(response.json().error).toBe('amount must be a positive number with at most 2 decimals');
      }
      expect((await director('GET', `budget/${code}/balance?amount=5.25`)).statusCode).toBe(200);
    });

    it('refuses a repeated page with one bad copy', async () => {
      const response = await director('GET', 'budget?page=1&page=1.5');
      expect(response.statusCode).toBe(400);
    });

    it('still reads plainly written numbers', async () => {
      for (const url of routes()) {
        const response = await callerOf(url)('GET', `${url}?page=1&per_page=5`);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      }
    });
  });

  describe('text fields', () => {
    const BAD_TEXT: Array<[string, string]> = [
      ['NUL', 'a\u0000b'],
      ['a C0 control', 'a\u0007b'],
      ['DEL', 'a\u007Fb'],
      ['a C1 control', 'a\u0085b'],
      ['a right-to-left override', 'invoice\u202Efdp.exe'],
      ['a left-to-right embedding', 'a\u202Ab'],
      ['a first-strong isolate', 'a\u2068b'],
      ['a pop directional isolate', 'a\u2069b'],
      ['a lone high surrogate', 'a\uD800b'],
      ['a lone low surrogate', 'a\uDC00b'],
    ];

    /** One single-line text field on several routes (body, query and path) and how to send it. */
    const singleLine = (text: string): Array<[string, () => ReturnType<Call>, string]> => [
      ['POST requests purpose', () => staff('POST', 'requests', requestBody({ purpose: text })), 'body.purpose'],
      ['PUT users fullname', () => director('PUT', 'users', { user_id: staffId, fullname: text }), 'body.fullname'],
      ['POST budget name', () => director('POST', 'budget', { name: text }), 'body.name'],
      ['POST forgot-password email', () => director('POST', 'forgot-password', { email: text }), 'body.email'],
      ['GET budget search', () => director('GET', `budget?search=${encodeURIComponent(text)}`), 'querystring.search'],
      ['GET users list department', () => director('GET', `users/department/${encodeURIComponent(text)}/director`), 'params.department'],
    ];

    it.each(BAD_TEXT)('refuses %s in every route, naming the field', async (_name, text) => {
      for (const [route, send, field] of singleLine(text)) {
        // A lone surrogate cannot be written in a URL (it has no UTF-8 form); only JSON bodies carry one.
        if (/[\uD800-\uDFFF]/.test(text) && !field.startsWith('body')) continue;
        const response = await send();
        expect({ route, status: response.statusCode }).toEqual({ route, status: 400 });
        expect(response.json()).toEqual({
          error: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}: `)),
          code: 'BAD_REQUEST',
        });
      }
    });

    it('refuses a line break or tab in a single-line field', async () => {
      for (const text of ['two\nlines', 'tab\there', 'cr\rhere']) {
        const response = await staff('POST', 'requests', requestBody({ purpose: text }));
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/^body\.purpose: .*multi-line/);
      }
    });

    it('allows line breaks and tabs in multi-line fields, but not other controls', async () => {
      expect(MULTI_LINE_FIELDS.has('expenditure_justification')).toBe(true);
      const fine = await staff('POST', 'requests', requestBody({ expenditure_justification: 'First line\r\n\tSecond line' }));
      expect(fine.statusCode).toBe(201);
      const stored = await t.app.db
        .selectFrom('requests')
        .select('expenditure_justification')
        .where('id', '=', fine.json().data.id)
        .executeTakeFirstOrThrow();
      expect(stored.expenditure_justification).toBe('First line\r\n\tSecond line');

      const bad = await staff('POST', 'requests', requestBody({ expenditure_justification: 'a\u0000b' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/^body\.expenditure_justification: .*U\+0000/);
    });

    it('refuses a control character in a field name and in nested values', async () => {
      const key = await director('PUT', 'exchange-rates', { rates: { 'u\u202Esd': 2500 } });
      expect(key.statusCode).toBe(400);
      expect(key.json().error).toMatch(/^body\.rates: a field name/);
      const nested = await staff('POST', 'requests', requestBody({ file_paths: ['ok', 'a\u0000b'] }));
      expect(nested.json()).toEqual({ error: expect.stringMatching(/^body\.file_paths\.1: /), code: 'BAD_REQUEST' });
    });

    it('keeps text with other scripts, emoji and joiners', async () => {
      const response = await staff('POST', 'requests', requestBody({ name_of_establishment: 'Duka la Ununuzi 😀 ‍ مرحبا' }));
      expect(response.statusCode).toBe(201);
    });
  });

  describe('Cache-Control', () => {
    it('sends no-store with signed-in JSON, downloads, sign-in and API errors', async () => {
      const answers: Array<[string, Awaited<ReturnType<Call>>]> = [
        ['budget list', await director('GET', 'budget')],
        ['validate-token', await director('GET', 'users/validate-token')],
        ['budget download', await director('GET', `budget/download/${code}`)],
        ['requests download', await staff('GET', `requests/download/user?id=${staffId}`)],
        [
          'sign-in',
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/users/authenticate',
            payload: { email: 'director@example.org', password: 'demo-pass-2026' },
          }),
        ],
        ['signed out', await t.app.inject({ method: 'GET', url: '/api/v1/budget' })],
      ];
      for (const [name, answer] of answers) expect({ name, cache: answer.headers['cache-control'] }).toEqual({ name, cache: 'no-store' });
      expect(answers[2][1].headers['content-type']).toContain('spreadsheet');
      expect(answers[4][1].statusCode).toBe(200);
    });

    it('leaves the caching of pages and static files alone', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.headers['cache-control']).not.toBe('no-store');
    });
  });
});

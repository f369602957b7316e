import { SYSTEM_ROLES, type SystemRole } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { budgetApi, budgetBody } from '../../test-support/budget';
import { act, reviewer, submitted } from '../../test-support/delegations';
import { signIn } from '../../test-support/http';
import { requestBody, requestCaller, type RequestCaller } from '../../test-support/requests';
import { awaitingOf, demoName, lend } from '../../test-support/review-queue';
import { userIdOf } from '../../test-support/users';
import { unzipText } from '../../test-support/unzip';

/**
 * The access module: every list that returns requests shows a caller only the
 * rows the request detail would show that same caller — checked row by row, as each of the
 * organisation's roles, in every mode of every list.
 */
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);
const sorted = (...numbers: number[]) => numbers.sort((a, b) => a - b);
const rowsOfSheet = (xlsx: Buffer) => (unzipText(xlsx)['xl/worksheets/sheet1.xml'].match(/<row /g) ?? []).length - 1;

describe.each(DIALECTS)('lists show only the requests the caller may see (%s)', (dialect) => {
  let t: TestApp;
  const callers = new Map<string, RequestCaller>();
  const made: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of SYSTEM_ROLES) callers.set(role, await requestCaller(t.app, `${role}@example.org`));
    callers.set('staff2', await requestCaller(t.app, 'staff2@example.org'));
    // A code open to every department, big enough for band A (finance officer, executive secretary, director).
    const created = await budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token).create(
      budgetBody({ code: 6150, amount: 900_000_000, department: 'all' }),
    );
    expect(created.statusCode).toBe(201);
    const submit = async (who: string, code: number, amount: number) => {
      const response = await callers.get(who)!.api.create(requestBody({ budget_code: code, amount_requested: amount }));
      if (response.statusCode !== 201) throw new Error(`${who}: ${response.body}`);
      return response.json().data.id as number;
    };
    made.staffSmall = await submit('staff', 6101, 100_000);
    made.staff2Small = await submit('staff2', 6101, 200_000);
    made.custodianSmall = await submit('petty_cash_custodian', 6101, 300_000);
    made.staffLarge = await submit('staff', 6150, 200_000_000);
    made.adminLarge = await submit('admin', 6150, 160_000_000);
  });
  afterAll(() => t.close());

  /** The ids among `candidates` that GET requests/request/{id} shows this caller. */
  async function readable(caller: RequestCaller, candidates: number[]) {
    const shown: number[] = [];
    for (const id of candidates) if ((await caller.api.get(id)).statusCode === 200) shown.push(id);
    return shown.sort((a, b) => a - b);
  }

  const every = () => Object.values(made);
  const who = (): Array<[string, RequestCaller]> => [...callers.entries()];

  it.each([6101, 6150])('budget detail %s lists, for each role, exactly the requests its detail call shows', async (code) => {
    const onCode = code === 6101 ? [made.staffSmall, made.staff2Small, made.custodianSmall] : [made.staffLarge, made.adminLarge];
    for (const [name, caller] of who()) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/budget/${code}?per_page=100`,
        headers: { authorization: `Bearer ${(await signIn(t.app, `${name}@example.org`)).token}` },
      });
      expect(response.statusCode).toBe(200);
      const { requests } = response.json();
      const expected = await readable(caller, onCode);
      expect({ name, rows: ids(requests.data) }).toEqual({ name, rows: expected });
      expect({ name, total: requests.total }).toEqual({ name, total: expected.length });
    }
  });

  it("hides other people's requests from the budget detail of a role outside their chains", async () => {
    const token = (await signIn(t.app, 'board_chairman@example.org')).token;
    const detail = (
      await t.app.inject({ method: 'GET', url: '/api/v1/budget/6101', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(detail.requests).toEqual({ data: [], page: 1, per_page: 10, total: 0 });
    const staff = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/budget/6150',
        headers: { authorization: `Bearer ${(await signIn(t.app, 'staff@example.org')).token}` },
      })
    ).json();
    expect(ids(staff.requests.data)).toEqual([made.staffLarge]);
  });

  it('writes into the budget download only the rows its detail shows (finance roles)', async () => {
    for (const role of ['finance_officer', 'executive_secretary', 'director'] satisfies SystemRole[]) {
      const token = (await signIn(t.app, `${role}@example.org`)).token;
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/budget/download/6101',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(rowsOfSheet(response.rawPayload)).toBe(
        (await readable(callers.get(role)!, every())).filter((id) => id !== made.staffLarge && id !== made.adminLarge).length,
      );
    }
  });

  it('lists in both modes, the pending list and the download hold only rows the detail shows', async () => {
    for (const [name, caller] of who()) {
      const modes = caller.system_role === 'staff' ? ['user'] : ['user', caller.system_role];
      for (const mode of modes) {
        const list = (await caller.api.list(mode, caller.id, 'per_page=100')).json();
        const listed = ids(list.requests);
        expect({ name, mode, listed }).toEqual({ name, mode, listed: await readable(caller, listed) });
        if (mode === 'user')
          expect({ name, listed }).toEqual({ name, listed: ids(every().map((id) => ({ id }))).filter((id) => listed.includes(id)) });
        const sheet = await caller.api.download(mode, caller.id);
        expect({ name, mode, rows: rowsOfSheet(sheet.rawPayload) }).toEqual({ name, mode, rows: listed.length });
      }
      if (caller.system_role !== 'staff') {
        const pending = ids((await caller.api.pending(caller.system_role, caller.id, 'per_page=100')).json().requests);
        expect({ name, pending }).toEqual({ name, pending: await readable(caller, pending) });
      }
    }
    // Retirements: the request of every listed retirement is one its detail shows the caller.
    const finance = await signIn(t.app, 'finance_officer@example.org');
    for (const request of [made.staffSmall, made.custodianSmall, made.staffLarge]) {
      for (const token of [finance.token, (await signIn(t.app, 'executive_secretary@example.org')).token]) {
        const step = (
          await t.app.inject({ method: 'GET', url: `/api/v1/requests/request/${request}`, headers: { authorization: `Bearer ${token}` } })
        )
          .json()
          .data.reviews.find((r: { status: string; reviewer_role: string }) => r.status === 'pending');
        if (step)
          await t.app.inject({
            method: 'PUT',
            url: '/api/v1/reviews',
            headers: { authorization: `Bearer ${token}` },
            payload: { request_id: request, review_id: step.id, status: 'approved', comments: '' },
          });
      }
    }
    for (const request of [made.staffSmall, made.custodianSmall]) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/retirement/attach-retirement',
            headers: { authorization: `Bearer ${finance.token}` },
            payload: { data: { id: request } },
          })
        ).statusCode,
      ).toBe(201);
    }
    let retirementRows = 0;
    for (const [name, caller] of who()) {
      const token = (await signIn(t.app, `${name}@example.org`)).token;
      const modes = caller.system_role === 'staff' ? [''] : ['', `role=${caller.system_role}`];
      for (const mode of modes) {
        const listed = (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/retirement/requests?limit=100&${mode}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json();
        const requests = listed.retirements.map((r: { request: { id: number } }) => r.request.id).sort((a: number, b: number) => a - b);
        retirementRows += requests.length;
        expect({ name, mode, requests }).toEqual({ name, mode, requests: await readable(caller, requests) });
      }
    }
    expect(retirementRows).toBeGreaterThan(0);
    // The whole picture, so the checks above cannot pass on empty lists.
    expect(await readable(callers.get('board_chairman')!, every())).toEqual([]);
    expect(await readable(callers.get('finance_officer')!, every())).toEqual(every().sort((a, b) => a - b));
    expect(await readable(callers.get('staff2')!, every())).toEqual([made.staff2Small]);
    expect(await readable(callers.get('petty_cash_custodian')!, every())).toEqual([made.custodianSmall]);
  });

  it('offers in the Accept selected queue only requests the detail shows and the caller may act on now, as themself or a delegator', async () => {
    // After the walk above staff2Small and adminLarge await the finance officer, staffLarge the director.
    const staff2 = await reviewer(t.app, 'staff2@example.org');
    const finance = await reviewer(t.app, 'finance_officer@example.org');
    const atSecretary = await submitted(staff2, { amount_requested: 2_000_000 });
    expect((await act(finance, atSecretary)).statusCode).toBe(200);
    const returned = await submitted(staff2, { amount_requested: 3_000_000 });
    expect((await act(finance, returned, 'request_edit', 'Attach the quote')).statusCode).toBe(200);
    // The director acts on the secretary's step of this one through a day's delegation, so at the director's
    // step neither they nor a delegate of theirs may act (docs/product-rules.md §Validation).
    const director = await reviewer(t.app, 'director@example.org');
    const actedOn = await submitted(staff2, { budget_code: 6150, amount_requested: 170_000_000 });
    expect((await act(finance, actedOn)).statusCode).toBe(200);
    const secretaryLent = await lend(t.app, 'executive_secretary@example.org', director.id);
    expect((await act(director, actedOn)).statusCode).toBe(200);
    expect((await (await reviewer(t.app, 'executive_secretary@example.org')).end(secretaryLent)).statusCode).toBe(200);
    expect((await director.requests.get(actedOn.id)).json().data.next_reviewer_role).toBe('director');
    // The admin holds the finance officer's role (and owns adminLarge, which awaits it); the manager holds the director's.
    const [admin, manager] = [callers.get('admin')!, callers.get('stem_park_manager')!];
    const lending = new Map<number, { role: string; by: string; byId: number; email: string; delegation: number }>();
    for (const [delegate, role] of [
      [admin, 'finance_officer'],
      [manager, 'director'],
    ] as const) {
      const email = `${role}@example.org`;
      const delegation = await lend(t.app, email, delegate.id);
      lending.set(delegate.id, { role, by: demoName(email), byId: await userIdOf(t.app, email), email, delegation });
    }

    const offeredTo: Record<string, number[]> = {};
    for (const [name, caller] of who()) {
      const { status, rows, ids: offered } = await awaitingOf(t.app, `${name}@example.org`);
      // Staff hold no reviewer role: the route looks missing to them, as every admin-only route does.
      expect({ name, status }).toEqual({ name, status: caller.system_role === 'staff' ? 404 : 200 });
      if (status !== 200) continue;
      expect({ name, offered }).toEqual({ name, offered: await readable(caller, offered) });
      const lent = lending.get(caller.id);
      for (const row of rows) {
        const steps: Array<{ status: string; reviewer_role: string; reviewer_id: number | null; on_behalf_of_id?: number | null }> = (
          await caller.api.get(row.id)
        ).json().data.reviews;
        const actedBy = steps.filter((s) => s.status !== 'pending').flatMap((s) => [s.reviewer_id, s.on_behalf_of_id]);
        const asThemself = row.next_reviewer_role === caller.system_role;
        // Neither the caller nor the delegator they would act for may have acted on another step.
        const persons = asThemself ? [caller.id] : [caller.id, lent?.byId];
        expect({
          name,
          id: row.id,
          own: row.request_owner_id === caller.id,
          acted: actedBy.some((id) => persons.includes(id ?? undefined)),
          step: steps.find((s) => s.status === 'pending')?.reviewer_role,
          for: row.on_behalf_of_name,
        }).toEqual({
          name,
          id: row.id,
          own: false,
          acted: false,
          step: row.next_reviewer_role,
          for: asThemself ? null : lent?.role === row.next_reviewer_role ? lent.by : 'a role nobody lent them',
        });
      }
      offeredTo[name] = offered;
    }
    // The whole picture, so the checks above cannot pass on empty lists: two roles of their own, two lent;
    // adminLarge is not offered to its owner though it awaits the role lent to them, the returned request and
    // actedOn to nobody.
    expect(offeredTo).toEqual({
      admin: [made.staff2Small],
      petty_cash_custodian: [],
      stem_park_manager: [made.staffLarge],
      finance_officer: sorted(made.staff2Small, made.adminLarge),
      executive_secretary: [atSecretary.id],
      director: [made.staffLarge],
      board_chairman: [],
    });

    // Acting proves the offer: each delegate accepts what they were offered, in the delegator's name; once
    // the delegations end, nothing is offered to them.
    for (const [name, delegate] of [
      ['admin', admin],
      ['stem_park_manager', manager],
    ] as const) {
      const lent = lending.get(delegate.id)!;
      const accepted = await (await reviewer(t.app, `${name}@example.org`)).bulkAccept({ request_ids: offeredTo[name] });
      expect(accepted.json().results.map((r: { ok: boolean }) => r.ok)).toEqual(offeredTo[name].map(() => true));
      const step = (await delegate.api.get(offeredTo[name][0]))
        .json()
        .data.reviews.find((s: { reviewer_id: number }) => s.reviewer_id === delegate.id);
      expect(step).toMatchObject({ reviewer_role: lent.role, on_behalf_of_name: lent.by });
      expect((await (await reviewer(t.app, lent.email)).end(lent.delegation)).statusCode).toBe(200);
      expect((await awaitingOf(t.app, `${name}@example.org`)).ids).toEqual([]);
    }
  });
});

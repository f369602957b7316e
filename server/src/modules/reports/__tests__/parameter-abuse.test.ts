import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { jsonCaller, signIn } from '../../../test-support/http';
import { approvedRequest, loopCallers, type LoopCallers } from '../../../test-support/retirements';
import { readXlsx } from '../../../test-support/xlsx-reader';
import { TURNAROUND_MONTHS_MAX } from '../period';

type Call = ReturnType<typeof jsonCaller>;

/**
 * The reports as a caller with finance permission might abuse them, and as a locked account reads
 * them: a turnaround over centuries was read month by month (three statements a month on SQLite,
 * 360,000 for 1000-01 to 9999-12), so its range is bounded; a lock stops new requests, not reading.
 */
describe.each(DIALECTS)('report parameters (%s)', (dialect) => {
  let t: TestApp;
  let who: LoopCallers;
  let finance: Call;
  let approvalNumber: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    who = await loopCallers(t.app);
    finance = jsonCaller(t.app, who.finance.token);
    const id = await approvedRequest(who.staff, [who.finance, who.secretary], { name_of_establishment: 'Kilimanjaro Express' });
    approvalNumber = (await who.staff.requests.get(id)).json().data.approval_number;
  });
  afterAll(() => t.close());

  it(`refuses a turnaround over more than ${TURNAROUND_MONTHS_MAX} months with {error, code}, on the screen's call and the download, and takes ${TURNAROUND_MONTHS_MAX}`, async () => {
    const refusal = { error: `from and to must cover at most ${TURNAROUND_MONTHS_MAX} months`, code: 'BAD_REQUEST' };
    for (const url of [
      'reports/turnaround?from=1000-01&to=9999-12',
      'reports/download/turnaround?from=1000-01&to=9999-12',
      'reports/turnaround?from=2016-12&to=2026-12',
    ]) {
      const started = Date.now();
      const answer = await finance('GET', url);
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({ url, status: 400, body: refusal });
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    const widest = await finance('GET', 'reports/turnaround?from=2017-01&to=2026-12');
    expect(widest.statusCode).toBe(200);
    expect(widest.json()).toMatchObject({ from: '2017-01', to: '2026-12' });
  });

  it('leaves a locked account reading: its owner searches their requests and retirements, the finance officer downloads the outstanding advances', async () => {
    const director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    for (const id of [who.staff.id, who.finance.id])
      expect((await director('POST', 'users/restrict', { user_id: id, lock_status: true })).statusCode).toBe(200);
    const staff = jsonCaller(t.app, who.staff.token);
    const searched = await staff('GET', `requests/user/${who.staff.id}?search=kilimanjaro`);
    expect([searched.statusCode, searched.json().total]).toEqual([200, 1]);
    expect((await staff('GET', 'retirement/requests?search=kilimanjaro')).statusCode).toBe(200);
    const download = await finance('GET', 'reports/download/outstanding');
    expect(download.statusCode).toBe(200);
    expect(readXlsx(download.rawPayload).rows.map((row) => row[0]?.value)).toContain(approvalNumber);
  });
});

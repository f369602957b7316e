import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { signIn } from '../../test-support/http';
import { requestBody, requestsApi } from '../../test-support/requests';
import { unzipText } from '../../test-support/unzip';
import { dayCell, dayCellAt, toXlsx } from '..';

const sheetOf = (file: Buffer) => unzipText(file)['xl/worksheets/sheet1.xml'];

describe('day cells', () => {
  it("write a calendar date as that day, and an instant as its day in the organisation's zone", () => {
    const at = '2026-03-09T22:30:00.000Z'; // 01:30 on 10 March in Dar es Salaam
    const sheet = sheetOf(
      toXlsx(
        'Days',
        ['A', 'B', 'C', 'D', 'E'],
        [
          [
            dayCell('2026-03-01'),
            dayCellAt(at, 'Africa/Dar_es_Salaam'),
            dayCellAt(at, 'UTC'),
            dayCell('2026-02-30'),
            dayCell('2028-02-29'),
          ],
        ],
      ),
    );
    expect(sheet).toContain('<c r="A2" s="3"><v>46082</v></c>'); // 1 March 2026 in Excel's day count
    expect(sheet).toContain('<c r="B2" s="3"><v>46091</v></c>'); // 10 March
    expect(sheet).toContain('<c r="C2" s="3"><v>46090</v></c>'); // 9 March
    expect(sheet).not.toContain('r="D2"'); // not a date: left empty
    expect(sheet).toContain('<c r="E2" s="3"><v>46812</v></c>');
  });
});

describe('dayCellAt, formatted once per quarter hour', () => {
  const dayOf = (at: string, zone: string) => dayCellAt(at, zone).day;

  it('turns the day at local midnight in zones a quarter or half hour off the hour', () => {
    // Kathmandu is UTC+05:45: midnight of 10 March falls at 18:15 UTC on the 9th
    expect(dayOf('2026-03-09T18:14:59.999Z', 'Asia/Kathmandu')).toBe('2026-03-09');
    expect(dayOf('2026-03-09T18:15:00.000Z', 'Asia/Kathmandu')).toBe('2026-03-10');
    // asked again, from the remembered quarter hour: the same answers
    expect(dayOf('2026-03-09T18:00:00.000Z', 'Asia/Kathmandu')).toBe('2026-03-09');
    expect(dayOf('2026-03-09T18:29:00.000Z', 'Asia/Kathmandu')).toBe('2026-03-10');
    // Kolkata is UTC+05:30; Chatham +13:45 in its summer
    expect(dayOf('2026-03-09T18:29:59.000Z', 'Asia/Kolkata')).toBe('2026-03-09');
    expect(dayOf('2026-03-09T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-03-10');
    expect(dayOf('2026-01-09T10:14:00.000Z', 'Pacific/Chatham')).toBe('2026-01-09');
    expect(dayOf('2026-01-09T10:15:00.000Z', 'Pacific/Chatham')).toBe('2026-01-10');
  });

  it('keeps one zone apart from another for the same instant', () => {
    const at = '2026-03-09T22:30:00.000Z';
    expect(dayOf(at, 'Africa/Dar_es_Salaam')).toBe('2026-03-10');
    expect(dayOf(at, 'UTC')).toBe('2026-03-09');
    expect(dayOf(at, 'America/Los_Angeles')).toBe('2026-03-09');
  });
});

describe.each(DIALECTS)('the requests download writes days of the organisation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('shows a request made at 01:30 in Dar es Salaam as submitted that day, not the UTC day before', async () => {
    const session = await signIn(t.app, 'staff@example.org');
    const api = requestsApi(t.app, session.token);
    const created = await api.create(requestBody({ expenditure_date: '2099-03-01' }));
    expect(created.statusCode).toBe(201);
    // the clock cannot go back; the row's time is set as if it had been made then
    await t.app.db
      .updateTable('requests')
      .set({ created_at: '2026-03-09T22:30:00.000Z' })
      .where('id', '=', created.json().data.id)
      .execute();

    const sheet = sheetOf((await api.download('user', session.user.id)).rawPayload);
    expect(sheet).toContain('<c r="G2" s="3"><v>72745</v></c>'); // expenditure date 1 March 2099 as written
    expect(sheet).toContain('<c r="N2" s="3"><v>46091</v></c>'); // submitted 10 March 2026
  });
});

import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { approvedRequest, loopCaller } from '../../../test-support/retirements';

const HOUR = 3_600_000;
/** Milliseconds on the instants, as the server's clock writes them; SQLite's julianday difference of these made 2 hours 1.99999… */
const FIRST = Date.parse('2026-03-02T09:00:00.302Z');

/**
 * Whole hours are exact: waits of exactly 1, 2, … hours count as 1, 2, …, not one less. SQLite's
 * julianday difference made exactly two hours 1.99999… hours, so the report said 1. The requests
 * are made and approved through the API; their instants are then set to exact hours apart (the
 * test clock runs on in real time between calls, so acts are never whole hours apart by themselves).
 */
describe.each(DIALECTS)('turnaround counts whole hours exactly (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('gives each step and each approval its exact whole hours', async () => {
    const staff = await loopCaller(t.app, 'staff@example.org');
    const finance = await loopCaller(t.app, 'finance_officer@example.org');
    const reviewers = [finance, await loopCaller(t.app, 'executive_secretary@example.org')];
    const waits = [
      [1, 2],
      [3, 1],
      [7, 5],
    ] as const;
    for (const [i, [first, second]] of waits.entries()) {
      const id = await approvedRequest(staff, reviewers);
      const made = new Date(FIRST + i * 24 * HOUR);
      const at = (hours: number) => new Date(made.getTime() + hours * HOUR).toISOString();
      await t.app.db
        .updateTable('requests')
        .set({ created_at: made.toISOString(), approved_at: at(first + second) })
        .where('id', '=', id)
        .execute();
      // a step row is made with its version, so it carries the same instant
      for (const [position, acted] of [at(first), at(first + second)].entries())
        await t.app.db
          .updateTable('reviews')
          .set({ created_at: made.toISOString(), acted_at: acted })
          .where('request_id', '=', id)
          .where('position', '=', position)
          .execute();
    }
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reports/turnaround?from=2026-03&to=2026-03',
      headers: authHeaders(finance.token),
    });
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    // approvals took 3, 4 and 12 hours; first steps 1, 3 and 7; second steps 2, 1 and 5
    expect(report.approval).toEqual([{ month: '2026-03', count: 3, median_hours: 4, p90_hours: 12 }]);
    expect(
      report.steps.map((s: { role: string; count: number; median_hours: number; p90_hours: number }) => [
        s.role,
        s.count,
        s.median_hours,
        s.p90_hours,
      ]),
    ).toEqual([
      ['executive_secretary', 3, 2, 5],
      ['finance_officer', 3, 3, 7],
    ]);
  });
});

import { mailPrepared } from '../../../mail/off-response';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';

const SENT = { message: 'Reset password code has been sent to your email' };
const HOUR = 60 * 60 * 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

describe.each(DIALECTS)('forgot-password (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
  const resetMailsTo = async (email: string) => {
    await mailPrepared();
    return t.app.db.selectFrom('outbox').select('id').where('to_address', '=', email).execute();
  };

  it('answers a known and an unknown address in the same time (medians of 200 alternating tries)', async () => {
    const timed = async (email: string) => {
      const start = process.hrtime.bigint();
      const response = await forgot(email);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      expect(response.json()).toEqual(SENT);
      // The work done after the answer is not what an attacker times; let it finish between samples.
      await mailPrepared();
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 20; i += 1) await timed(i % 2 ? 'staff@example.org' : 'nobody@example.org');
    for (let i = 0; i < 200; i += 1) {
      // The known address stays under its mail limit each hour, so every known try does the full work.
      t.clock.advance(HOUR);
      // Which goes first alternates too, so an order effect falls on both alike.
      if (i % 2) unknown.push(await timed('nobody@example.org'));
      known.push(await timed('staff@example.org'));
      if (i % 2 === 0) unknown.push(await timed('nobody@example.org'));
    }
    const [k, u] = [median(known), median(unknown)];
    // Measured (2026-11-29): the link's transaction done before the answer makes the known address
    // 1.4 ms (SQLite) and 4.3 ms (PostgreSQL) slower; done after it, the medians differ by up to
    // 0.05 ms alone and 0.10 ms in a loaded CI run. 0.3 ms sits between the two, with room each way.
    expect(Math.abs(k - u)).toBeLessThan(Math.max(0.3, 0.1 * Math.min(k, u)));
    // Each known try did queue its link.
    expect((await resetMailsTo('staff@example.org')).length).toBeGreaterThanOrEqual(200);
  }, 60_000);

  it('mails an account at most 3 links an hour, answering every request the same', async () => {
    for (let i = 0; i < 6; i += 1) expect((await forgot('director@example.org')).json()).toEqual(SENT);
    expect(await resetMailsTo('director@example.org')).toHaveLength(3);
    // The third link is the one that works: a refused request retired nothing.
    const tokens = await t.app.db.selectFrom('password_resets').select(['used_at']).where('kind', '=', 'reset').orderBy('id').execute();
    expect(tokens.map((row) => row.used_at === null)).toEqual([false, false, true]);

    t.clock.advance(HOUR + 1000);
    await forgot('director@example.org');
    expect(await resetMailsTo('director@example.org')).toHaveLength(4);
  });

  it('still queues the link when the server stops right after answering', async () => {
    expect((await forgot('admin@example.org')).json()).toEqual(SENT);
    await t.app.outbox.stop();
    const rows = await t.app.db.selectFrom('outbox').select('to_address').execute();
    expect(rows).toEqual([{ to_address: 'admin@example.org' }]);
  });
});

import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { advanceToLateEvening } from '../../../test-support/late-evening';
import { linkApi, mailedLinks, reviewer, submitted, useDirectorChain } from '../../../test-support/delegations';
import { lastMailId } from '../../../test-support/requests';

/** The link page's dates are the organisation's calendar days (Dar es Salaam), whatever the server's zone (TZ). */
describe.each(DIALECTS)('review link dates (%s)', (dialect) => {
  let t: TestApp;
  let day: { orgDay: string; utcDay: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    day = advanceToLateEvening(t.clock);
    await useDirectorChain(t.app);
  });
  afterAll(() => t.close());

  it('an action at 22:40 UTC answers "Already accepted by … on" the day it was in Dar es Salaam', async () => {
    expect(day.orgDay).not.toBe(day.utcDay);
    const staff = await reviewer(t.app, 'staff@example.org');
    const mailId = await lastMailId(t.app);
    await submitted(staff);
    const { token } = (await mailedLinks(t.app, mailId)).find((l) => l.to === 'finance_officer@example.org')!;
    const links = linkApi(t.app);

    const done = await links.act(token, { status: 'approved' });
    expect(done.statusCode).toBe(200);
    // The answer carries the chain as it now is: this step accepted, the next one waiting.
    expect(done.json().request.reviews.map((r: { status: string }) => r.status)).toEqual(['approved', 'pending', 'pending']);
    const again = await links.act(token, { status: 'approved' });
    expect(again.json().error).toBe(`Already accepted by Grace Lyimo (Finance Officer) on ${day.orgDay}.`);
  });

  it('an expired link names the day it expired there', async () => {
    const staff = await reviewer(t.app, 'staff@example.org');
    const mailId = await lastMailId(t.app);
    const request = await submitted(staff);
    const { token } = (await mailedLinks(t.app, mailId)).find((l) => l.to === 'finance_officer@example.org')!;
    // expired at this very instant, 22:40 UTC
    const at = t.clock().toISOString();
    await t.app.db.updateTable('review_links').set({ expires_at: at }).where('request_id', '=', request.id).execute();
    const page = await linkApi(t.app).view(token);
    expect(page.json().message).toBe(`This review link expired on ${day.orgDay}. Open the request in Imprest instead.`);
  });
});

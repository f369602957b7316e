import { DIALECTS, type TestApp } from '../../../test-support/app';
import { uploadTestFile } from '../../../test-support/files';
import { authHeaders } from '../../../test-support/http';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, loopCaller, pendingStep } from '../../../test-support/retirements';
import { collect, nextEvent, pause, socketSetup, type SocketClients } from '../../../test-support/sockets';

/** A recorded settlement reaches the owner's open app at once (update_request); a refused one sends nothing. */
describe.each(DIALECTS)('settlement realtime (%s)', (dialect) => {
  let t: TestApp, clients: SocketClients;
  socketSetup(dialect, (setup) => ({ t, clients } = setup));

  it("tells the owner's open app that the request changed", async () => {
    const [staff, finance, secretary] = await Promise.all(
      ['staff@example.org', 'finance_officer@example.org', 'executive_secretary@example.org'].map((email) => loopCaller(t.app, email)),
    );
    const requestId = await approvedRequest(staff, [finance, secretary], { amount_requested: 70_000 });
    const id = (await finance.retirements.attach(requestId)).json().data.id as number;
    const receipt = await uploadTestFile(t.app, staff.token, 'receipt.pdf', Buffer.from('%PDF-1.4 receipt'));
    await staff.retirements.submit({ id, comments: '', amount_spent: 60_000, amount_currency: 'tzs', file_paths: [receipt] });
    for (const reviewer of [finance, secretary]) {
      const step = await pendingStep(reviewer.retirements, id);
      await reviewer.retirements.review({ id, review_id: step.id, status: 'approved', comments: '' });
    }
    const settle = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/retirement/settle',
        headers: authHeaders(finance.token),
        payload: { id, amount, date: dateFromToday(0), method: 'cash' },
      });
    const { socket } = await clients.joined('staff@example.org');
    const heard = collect<{ request_id: number }>(socket, 'update_request');

    expect((await settle(9_999)).statusCode).toBe(400);
    await pause(200);
    expect(heard).toEqual([]);

    const told = nextEvent<{ request_id: number }>(socket, 'update_request');
    expect((await settle(10_000)).statusCode).toBe(200);
    expect(await told).toEqual({ request_id: requestId });
  });
});

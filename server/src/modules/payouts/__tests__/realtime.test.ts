import { DIALECTS, type TestApp } from '../../../test-support/app';
import { mpesaPayout, payoutApi } from '../../../test-support/payouts';
import { approvedRequest, loopCaller } from '../../../test-support/retirements';
import { collect, nextEvent, pause, socketSetup, type SocketClients } from '../../../test-support/sockets';

/** A recorded payout reaches the owner's open app at once (update_request), and a refused one sends nothing. */
describe.each(DIALECTS)('payout realtime (%s)', (dialect) => {
  let t: TestApp, clients: SocketClients;
  socketSetup(dialect, (setup) => ({ t, clients } = setup));

  it("tells the owner's open app that the request changed", async () => {
    const [staff, finance, secretary] = await Promise.all(
      ['staff@example.org', 'finance_officer@example.org', 'executive_secretary@example.org'].map((email) => loopCaller(t.app, email)),
    );
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 70_000 });
    const { socket } = await clients.joined('staff@example.org');
    const heard = collect<{ request_id: number }>(socket, 'update_request');

    expect((await payoutApi(t.app, finance.token)(mpesaPayout(id, 80_000))).statusCode).toBe(409);
    await pause(200);
    expect(heard).toEqual([]);

    const told = nextEvent<{ request_id: number }>(socket, 'update_request');
    expect((await payoutApi(t.app, finance.token)(mpesaPayout(id, 70_000))).statusCode).toBe(201);
    expect(await told).toEqual({ request_id: id });
  });
});

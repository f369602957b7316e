import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import { aRequest, aReview } from '../../../test/requests';
import { BulkAccept } from '../BulkAccept';
import { totalsByCurrency } from '../bulk-totals';

const user = userEvent.setup({ delay: null });
let api: FakeApi;

// the executive secretary's own step, and the director's step lent to them while the director is away
const OWN = { ...aRequest({ id: 41, request_owner_name: 'Asha Mushi' }), on_behalf_of_name: null };
const LENT = {
  ...aRequest({
    id: 42,
    request_owner_name: 'Juma Said',
    amount_requested: 300,
    amount_currency: 'usd',
    next_reviewer_role: 'director',
    reviews: [aReview(0, 'executive_secretary', 'approved'), aReview(1, 'director')],
  }),
  on_behalf_of_name: 'Amina Kessy',
};

beforeEach(async () => {
  api = await startApi((call) => {
    const accepted = api?.calls.some((c) => c.path === 'reviews/bulk-accept');
    if (call.method === 'GET' && call.path === 'reviews/queue/requests') return { body: { requests: accepted ? [LENT] : [OWN, LENT] } };
    if (call.method === 'POST' && call.path === 'reviews/bulk-accept')
      return {
        body: {
          results: [
            { request_id: 41, ok: true, status: 'on_progress' },
            { request_id: 42, ok: false, error: 'Already accepted by Second Secretary', code: 'CONFLICT' },
          ],
        },
      };
    return undefined;
  });
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

describe('Accept selected', () => {
  it('lists own and delegated steps, says on whose behalf, and shows the answer for each', async () => {
    const me = signInAs('executive_secretary');
    const onDone = jest.fn();
    renderScreen(<BulkAccept role={me.system_role} userId={me.id} onDone={onDone} />);
    const panel = await screen.findByRole('region', { name: 'Awaiting your review' });
    const own = await within(panel).findByText(/Asha Mushi/);
    const lentRow = within(panel)
      .getByText(/Juma Said/)
      .closest('label')!;
    expect(within(lentRow).getByText('on behalf of Amina Kessy')).toBeInTheDocument();
    expect(within(own.closest('label')!).queryByText(/on behalf of/)).toBeNull();

    await user.click(within(panel).getByRole('checkbox', { name: 'Select request 41 by Asha Mushi' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Select request 42 by Juma Said' }));
    await user.type(within(panel).getByRole('textbox', { name: /Comment for every accepted request/ }), 'In order');
    await user.click(within(panel).getByRole('button', { name: 'Accept selected (2)' }));
    // nothing is sent before the reviewer confirms how many and how much
    const dialog = await screen.findByRole('dialog', { name: 'Accept the selected requests?' });
    expect(dialog).toHaveTextContent('2 requests for a total of TZS 250,000 and USD 300 will be accepted at your step.');
    expect(api.calls.some((c) => c.path === 'reviews/bulk-accept')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Accept 2 requests' }));

    expect(await within(panel).findByText('Accepted')).toBeInTheDocument();
    expect(within(lentRow).getByRole('status')).toHaveTextContent('Not accepted: Already accepted by Second Secretary');
    expect(api.calls.find((c) => c.path === 'reviews/bulk-accept')!.body).toEqual({ request_ids: [41, 42], comments: 'In order' });
    expect(onDone).toHaveBeenCalled();
  });

  it('keeps the accepted rows in place with their answers when the list is read again without them', async () => {
    const me = signInAs('executive_secretary');
    renderScreen(
      <BulkAccept role={me.system_role} userId={me.id} onDone={() => void queryClient.invalidateQueries({ queryKey: ['requests'] })} />,
    );
    const panel = await screen.findByRole('region', { name: 'Awaiting your review' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Select request 41 by Asha Mushi' }));
    await user.click(within(panel).getByRole('button', { name: 'Accept selected (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Accept 1 request' }));
    expect(await within(panel).findByText('Accepted')).toBeInTheDocument();
    // the second read of the queue (after onDone) no longer has 41; its row and outcome stay
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'reviews/queue/requests').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(panel).getByText(/Asha Mushi/)).toBeInTheDocument();
    expect(within(panel).getByText('Accepted')).toBeInTheDocument();
  });

  it('Cancel in the confirmation sends nothing; totals stay apart per currency', async () => {
    const me = signInAs('executive_secretary');
    renderScreen(<BulkAccept role={me.system_role} userId={me.id} onDone={jest.fn()} />);
    const panel = await screen.findByRole('region', { name: 'Awaiting your review' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Select request 41 by Asha Mushi' }));
    await user.click(within(panel).getByRole('button', { name: 'Accept selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the selected requests?' });
    expect(dialog).toHaveTextContent('1 request for a total of TZS 250,000 will be accepted at your step.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.path === 'reviews/bulk-accept')).toBe(false);
    expect(
      totalsByCurrency([
        { amount_requested: 0.1, amount_currency: 'usd' },
        { amount_requested: 1_500_000, amount_currency: 'tzs' },
        { amount_requested: 0.2, amount_currency: 'usd' },
      ]),
    ).toEqual(['USD 0.30', 'TZS 1,500,000']);
  });

  it('offline: no error box of its own, and Accept selected waits for a connection, saying why', async () => {
    const me = signInAs('executive_secretary');
    renderScreen(<BulkAccept role={me.system_role} userId={me.id} onDone={jest.fn()} />);
    const panel = await screen.findByRole('region', { name: 'Awaiting your review' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Select request 41 by Asha Mushi' }));
    const online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(await within(panel).findByTestId('offline-reason')).toHaveTextContent('Needs a connection');
      expect(within(panel).getByRole('button', { name: 'Accept selected (1)' })).toBeDisabled();
      expect(within(panel).queryByRole('alert')).toBeNull();
    } finally {
      online.mockRestore();
      window.dispatchEvent(new Event('online'));
    }
    expect(await within(panel).findByRole('button', { name: 'Accept selected (1)' })).toBeEnabled();
  });
});

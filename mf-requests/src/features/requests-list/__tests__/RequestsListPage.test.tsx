import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, resetMode, setMode } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aRequest, aReview } from '../../../test/requests';
import { renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import RequestsListPage from '../RequestsListPage';

const user = userEvent.setup({ delay: null });
let api: FakeApi;

const TRAVEL = aRequest({
  id: 41,
  request_owner_name: 'Asha Mushi',
  reviews: [
    aReview(0, 'finance_officer', 'approved', { id: 9, name: 'Neema Kweka', comments: 'Fine by finance' }),
    aReview(1, 'executive_secretary'),
  ],
  current_status: 'on_progress',
});
const MEALS = aRequest({
  id: 42,
  purpose: 'meals',
  mode_of_service: 'catering',
  request_owner_name: 'Juma Said',
  amount_requested: 1234.5,
  amount_currency: 'usd',
});

beforeEach(async () => {
  api = await startApi((call) => {
    if (!/^requests\/[a-z_]+\/1$/.test(call.path)) return undefined;
    const rows = call.query.status === 'approved' ? [] : call.query.search === 'juma' ? [MEALS] : [TRAVEL, MEALS];
    return { body: { requests: rows, page: 1, per_page: 10, total: rows.length } };
  });
});

afterEach(async () => {
  await api.close();
  clearSession();
  resetMode();
  queryClient.clear();
});

// the list's own calls; admin mode also reads the pending queue for Accept selected
const listCalls = () => api.calls.filter((c) => c.path.startsWith('requests/') && !c.path.includes('/pending/'));

describe('the requests list', () => {
  it("lists a staff member's own requests with the SPEC's columns", async () => {
    signInAs('staff');
    renderScreen(<RequestsListPage />, '/dashboard/requests');
    const row = await screen.findByRole('row', { name: /Juma Said/ });
    const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['NAME', 'PURPOSE', 'EXPENDITURE DATE', 'AMOUNT', 'STATUS', 'Action']); // the action column's header is read to screen readers only
    expect(within(row).getAllByText('Meals')[0]).toBeInTheDocument();
    expect(within(row).getAllByText(/04\/03\/2026/)[0]).toBeInTheDocument();
    expect(within(row).getByText('USD 1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Meals request of Juma Said' })).toHaveAttribute('href', '/dashboard/requests/42');
    expect(listCalls()[0].path).toBe('requests/user/1');
  });

  it("asks for the role's requests in admin mode, filtered by a readable status", async () => {
    signInAs('finance_officer');
    setMode('admin');
    renderScreen(<RequestsListPage />, '/dashboard/requests');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    expect(listCalls()[0].path).toBe('requests/finance_officer/1');
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Pending', 'Under Review', 'Approved', 'Rejected', 'Returned for Edits']);
    await user.selectOptions(filter, 'approved');
    expect(await screen.findByText('No requests found!')).toBeInTheDocument();
    expect(listCalls().at(-1)!.query).toMatchObject({ status: 'approved', page: '1' });
  });

  it('searches a second after typing stops', async () => {
    signInAs('staff');
    renderScreen(<RequestsListPage />, '/dashboard/requests');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    await user.type(screen.getByLabelText('Search requests'), 'juma');
    expect(listCalls()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Asha Mushi/ })).not.toBeInTheDocument(), { timeout: 2000 });
    expect(listCalls()).toHaveLength(2);
    expect(listCalls()[1].query).toMatchObject({ search: 'juma' });
  });

  it('previews a request in a side panel with its review steps, and opens the detail from there', async () => {
    signInAs('staff');
    renderScreen(<RequestsListPage />, '/dashboard/requests');
    await user.click(await screen.findByRole('row', { name: /Asha Mushi/ }));
    const panel = screen.getByRole('dialog', { name: 'Approval Request Travel' });
    expect(within(panel).getByText('Name of Transporter').nextSibling).toHaveTextContent('Dar Express');
    expect(within(panel).getByText('Budget code').nextSibling).toHaveTextContent('6107 - Office rent');
    expect(within(panel).getByText('Status').nextSibling).toHaveTextContent('Under Review');
    const steps = within(panel).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Finance Officer');
    expect(steps[0]).toHaveTextContent('Approved');
    expect(steps[0]).toHaveTextContent('Neema Kweka');
    expect(steps[0]).toHaveTextContent('Fine by finance');
    expect(steps[1]).toHaveTextContent('Executive Secretary');
    expect(steps[1]).toHaveTextContent('Not reviewed yet');
    await user.click(within(panel).getByRole('button', { name: 'Open Request' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests/41');
  });

  it('opens on the unretired requests from the home tile, and Show all requests drops the filter', async () => {
    signInAs('staff');
    renderScreen(<RequestsListPage />, '/dashboard/requests?unretired=true');
    await screen.findByRole('row', { name: /Juma Said/ });
    expect(listCalls()[0].query).toMatchObject({ unretired: 'true' });
    expect(screen.getByTestId('unretired-filter')).toHaveTextContent('Showing approved requests whose money is not yet accounted for.');
    await user.click(screen.getByRole('button', { name: 'Show all requests' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.unretired).toBeUndefined());
    expect(screen.queryByTestId('unretired-filter')).not.toBeInTheDocument();
  });

  it('admin mode of a delegate: a request at the lent step is listed and marked for the delegator, the others are not', async () => {
    await api.close();
    const lent = { ...TRAVEL, next_reviewer_role: 'executive_secretary' as const };
    const delegation = { delegator_id: 4, delegator_name: 'Amina Kessy', delegator_role: 'executive_secretary', delegate_id: 7 };
    api = await startApi((call) => {
      if (call.path === 'delegations')
        return { body: { delegations: [{ ...delegation, id: 3, state: 'running' }], page: 1, per_page: 50, total: 1 } };
      if (!/^requests\/[a-z_]+\/7$/.test(call.path)) return undefined;
      return { body: { requests: [lent, MEALS], page: 1, per_page: 10, total: 2 } };
    });
    // the requests are another's (OWNER_ID is 1): the delegate is user 7
    signInAs('stem_park_manager', { id: 7 });
    setMode('admin');
    renderScreen(<RequestsListPage />, '/dashboard/requests');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'delegations')).toBe(true));
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Asha Mushi/ })).getByTestId('acting-for')).toHaveTextContent('for Amina Kessy'),
    );
    expect(within(screen.getByRole('row', { name: /Juma Said/ })).queryByTestId('acting-for')).toBeNull();
    expect(listCalls()[0].path).toBe('requests/stem_park_manager/7');
  }, 20_000);
});

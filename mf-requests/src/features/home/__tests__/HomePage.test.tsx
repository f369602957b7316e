import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, resetMode, setMode } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aRequest } from '../../../test/requests';
import { renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import { RETIREMENT_WARNINGS } from '@imprest/domain';
import HomePage from '../HomePage';
import { prefetchHome } from '../prefetch-home';

const user = userEvent.setup({ delay: null });
let api: FakeApi;

const page = (requests = [aRequest()]) => ({ body: { requests, page: 1, per_page: 5, total: requests.length } });
const tile = (label: string) => screen.getByText(label).parentElement!;

/** The owner's approved retirements whose difference is not settled yet (none unless a test says). */
let awaiting: object[] = [];

beforeEach(async () => {
  awaiting = [];
  api = await startApi((call) => {
    if (call.path === 'requests/summary/1') {
      return {
        body: call.query.role
          ? { pending: 7, approved: 0, rejected: 1, pending_retirement: 0 }
          : { pending: 2, approved: 5, rejected: 1, pending_retirement: 3 },
      };
    }
    if (call.path === 'requests/user/1') return page([aRequest({ id: 41, request_owner_name: 'Test Person' })]);
    if (call.path === 'retirement/requests' && call.query.settlement === 'awaiting')
      return { body: { retirements: awaiting, page: 1, per_page: 15, total: awaiting.length } };
    if (call.path === 'retirement/requests') {
      const due = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
      const retirement = {
        id: 7,
        status: 'pending',
        due_date: due,
        amount_spent: null,
        retirement_owner_id: 1,
        request: { purpose: 'travel' },
      };
      return { body: { retirements: [retirement], page: 1, per_page: 15, total: 1 } };
    }
    if (call.path === 'requests/director/pending/1')
      return page([aRequest({ id: 77, request_owner_name: 'Juma Said', purpose: 'meals', mode_of_service: 'catering' })]);
    return undefined;
  });
});

afterEach(async () => {
  await api.close();
  clearSession();
  resetMode();
  queryClient.clear();
});

describe('dashboard home', () => {
  it('shows a staff member their profile, role, own counts and own latest requests', async () => {
    signInAs('staff', { fullname: 'Asha Mushi', department: 'outreach' });
    renderScreen(<HomePage />);
    expect(tile('Profile')).toHaveTextContent('Asha Mushi');
    expect(tile('Profile')).toHaveTextContent('Outreach');
    expect(tile('Role')).toHaveTextContent('Staff');
    await waitFor(() => expect(tile('Request Pending Approval')).toHaveTextContent('2'));
    expect(tile('Approved Requests')).toHaveTextContent('5');
    expect(tile('Rejected Requests')).toHaveTextContent('1');
    expect(tile('Unretired Requests')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: /Unretired Requests/ })).toHaveAttribute('href', '/dashboard/retirements?owed=true');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(RETIREMENT_WARNINGS.beforeBlock);
    expect(within(warning).getByRole('link', { name: /Open Retirement Form/ })).toHaveAttribute('href', '/dashboard/retirements/7');
    expect(api.calls.find((c) => c.path === 'retirement/requests' && c.query.status)!.query).toEqual({
      page: '1',
      limit: '15',
      status: 'pending',
    });

    expect(screen.getByRole('heading', { name: 'Recent Requests' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Test Person/ });
    expect(within(row).getByText('TZS 250,000')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    const listCall = api.calls.find((c) => c.path === 'requests/user/1')!;
    expect(listCall.query).toMatchObject({ page: '1', per_page: '5' });
    expect(api.calls.find((c) => c.path === 'requests/summary/1')!.query).toEqual({});
  });

  it('tells the owner a retirement awaits settlement, what is to be returned, and opens it', async () => {
    awaiting = [
      {
        id: 9,
        status: 'approved',
        amount_spent: 95_000,
        amount_currency: 'tzs',
        retirement_owner_id: 1,
        retirement_owner_name: 'Asha Mushi',
        settlement_state: 'awaiting',
        request: { purpose: 'travel', amount_requested: 100_000, approval_number: '2026-00042' },
      },
    ];
    signInAs('staff', { fullname: 'Asha Mushi' });
    renderScreen(<HomePage />);
    const notice = await screen.findByTestId('awaiting-settlement');
    expect(notice).toHaveTextContent('Awaiting settlement');
    expect(within(notice).getByRole('link', { name: /TZS 5,000 to be returned by Asha Mushi \(Travel 2026-00042\)/ })).toHaveAttribute(
      'href',
      '/dashboard/retirements/9',
    );
    expect(api.calls.find((c) => c.query.settlement)!.query).toEqual({ page: '1', limit: '15', settlement: 'awaiting' });
  });

  it('shows a reviewer in admin mode what awaits their role, and opens a request from the table', async () => {
    signInAs('director');
    setMode('admin');
    renderScreen(<HomePage />);
    expect(tile('Role')).toHaveTextContent('Director');
    await waitFor(() => expect(tile('Request Pending Approval')).toHaveTextContent('7'));
    expect(api.calls.find((c) => c.path === 'requests/summary/1')!.query).toEqual({ role: 'director' });
    expect(api.calls.some((c) => c.path === 'retirement/requests')).toBe(false); // the owner's warnings belong to staff mode
    expect(screen.getByText('Waiting for a Director')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Juma Said/ });
    expect(api.calls.some((c) => c.path === 'requests/user/1')).toBe(false);
    await user.click(row);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/view-request/77');
  });

  it("says 'an' before a role that starts with a vowel", async () => {
    signInAs('executive_secretary');
    setMode('admin');
    renderScreen(<HomePage />);
    expect(await screen.findByText('Waiting for an Executive Secretary')).toBeInTheDocument();
  });

  it('keeps a staff role on its own requests even if the mode says admin', async () => {
    signInAs('staff');
    setMode('admin');
    renderScreen(<HomePage />);
    await screen.findByRole('row', { name: /Test Person/ });
    expect(api.calls.some((c) => c.path.includes('/pending/'))).toBe(false);
  });

  it('starts the counts and the table before the page renders when /dashboard opens, and the page uses those answers', async () => {
    signInAs('director');
    window.history.replaceState(null, '', '/dashboard');
    try {
      prefetchHome();
      // a director opens in admin mode (SPEC's on-mount rule): what awaits the role, nothing of their own
      await waitFor(() => expect(api.calls.map((c) => c.path).sort()).toEqual(['requests/director/pending/1', 'requests/summary/1']));
      expect(api.calls.find((c) => c.path === 'requests/summary/1')!.query).toEqual({ role: 'director' });
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      setMode('admin');
      renderScreen(<HomePage />);
      expect(tile('Request Pending Approval')).toHaveTextContent('7');
      expect(await screen.findByRole('row', { name: /Juma Said/ })).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path === 'requests/summary/1')).toHaveLength(1); // read once, not again on render
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('starts nothing on another page', async () => {
    signInAs('staff');
    window.history.replaceState(null, '', '/dashboard/requests');
    try {
      prefetchHome();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.calls).toHaveLength(0);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, resetMode, setMode } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aDelegation, renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import RetirementListPage from '../RetirementListPage';
import { aRetirement, aSubmitted, asRow } from '../../../test/retirements';

let api: FakeApi;
const PENDING = asRow(aRetirement({ id: 7 }));
const SUBMITTED = asRow(aSubmitted({ id: 8, retirement_owner_name: 'Juma Said', amount_spent: 1234.5, amount_currency: 'tzs' }));
const AWAITING = asRow(
  aSubmitted({ id: 9, status: 'approved', retirement_owner_name: 'Rehema Ally', amount_spent: 200_000, settlement_state: 'awaiting' }),
);

/** What GET delegations answers: none running unless a test lends the viewer a role. */
let delegations: unknown[] = [];

beforeEach(async () => {
  delegations = [];
  api = await startApi((call) => {
    if (call.path === 'delegations') return { body: { delegations, page: 1, per_page: 50, total: delegations.length } };
    if (call.path !== 'retirement/requests') return undefined;
    const rows = call.query.status === 'approved' ? [] : call.query.search === 'juma' ? [SUBMITTED] : [PENDING, SUBMITTED, AWAITING];
    return { body: { retirements: rows, page: Number(call.query.page), per_page: 15, total: call.query.status ? rows.length : 31 } };
  });
});

afterEach(async () => {
  await api.close();
  clearSession();
  resetMode();
  queryClient.clear();
  jest.useRealTimers();
});

const listCalls = () => api.calls.filter((c) => c.path === 'retirement/requests');

describe('the retirement list', () => {
  it("lists a staff member's own retirements with SPEC's columns, 'Not Submitted' when nothing was submitted, 15 a page", async () => {
    signInAs('staff');
    renderScreen(<RetirementListPage />, '/dashboard/retirements');
    const pending = await screen.findByRole('row', { name: /Asha Mushi/ });
    const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['NAME', 'PURPOSE', 'RETIREMENT DATE', 'AMOUNT REQUESTED', 'AMOUNT SPENT', 'STATUS']);
    expect(within(pending).getAllByText('Travel')[0]).toBeInTheDocument();
    expect(within(pending).getAllByText(/04\/03\/2026/)[0]).toBeInTheDocument();
    expect(within(pending).getByText('TZS 250,000')).toBeInTheDocument();
    expect(within(pending).getAllByText('Not Submitted')).toHaveLength(2); // amount spent and status
    const submitted = screen.getByRole('row', { name: /Juma Said/ });
    expect(within(submitted).getByText('TZS 1,234.50')).toBeInTheDocument();
    expect(within(submitted).getByText('Under Review')).toBeInTheDocument();
    expect(listCalls()[0].query).toEqual({ page: '1', limit: '15' });
  });

  it('says Awaiting settlement under an approved retirement whose difference is not recorded yet', async () => {
    signInAs('staff');
    renderScreen(<RetirementListPage />, '/dashboard/retirements');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    const row = screen.getByRole('row', { name: /Rehema Ally/ });
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting settlement')).toBeInTheDocument();
  });

  it("opened from the home's Unretired Requests tile (?owed=true): asks for what is owed, says so, and Show all drops it", async () => {
    signInAs('staff');
    renderScreen(<RetirementListPage />, '/dashboard/retirements?owed=true');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    expect(listCalls()[0].query).toEqual({ page: '1', limit: '15', owed: 'true' });
    expect(screen.getByTestId('owed-filter')).toHaveTextContent(
      'Showing the retirements still owed: not submitted yet, or rejected and to be sent again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show all retirements' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toEqual({ page: '1', limit: '15' }));
    expect(screen.queryByTestId('owed-filter')).toBeNull();
  });

  it('opens the Retirement Form from a row', async () => {
    signInAs('staff');
    renderScreen(<RetirementListPage />, '/dashboard/retirements');
    await userEvent.click(await screen.findByRole('row', { name: /Juma Said/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/retirements/8');
  });

  it("asks for the role's retirements in admin mode, filters by status from page 1 and pages by 15", async () => {
    signInAs('finance_officer');
    setMode('admin');
    const user = userEvent.setup({ delay: null });
    renderScreen(<RetirementListPage />, '/dashboard/retirements');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    expect(listCalls()[0].query).toEqual({ page: '1', limit: '15', role: 'finance_officer' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.page).toBe('2'));
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Not Submitted', 'Under Review', 'Approved', 'Rejected']);
    await user.selectOptions(filter, 'approved');
    expect(await screen.findByText('No retirements found!')).toBeInTheDocument();
    expect(listCalls().at(-1)?.query).toEqual({ page: '1', limit: '15', role: 'finance_officer', status: 'approved' });
  });

  it("marks in admin mode a row whose step a running delegation lends the viewer 'for' its delegator", async () => {
    delegations = [aDelegation({ delegator_name: 'Neema Kweka', delegator_role: 'finance_officer', delegate_id: 9 })];
    signInAs('admin', { id: 9 });
    setMode('admin');
    renderScreen(<RetirementListPage />, '/dashboard/retirements');
    const submitted = await screen.findByRole('row', { name: /Juma Said/ });
    expect(await within(submitted).findByTestId('acting-for')).toHaveTextContent('for Neema Kweka');
    expect(within(screen.getByRole('row', { name: /Asha Mushi/ })).queryByTestId('acting-for')).toBeNull();
    expect(screen.getAllByTestId('acting-for')).toHaveLength(1);
  });

  it('searches 1000 ms after the last keystroke', async () => {
    jest.useFakeTimers();
    signInAs('staff');
    const user = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
    renderScreen(<RetirementListPage />, '/dashboard/retirements');
    await screen.findByRole('row', { name: /Asha Mushi/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search retirements' }), 'juma');
    act(() => jest.advanceTimersByTime(999));
    expect(listCalls().some((c) => c.query.search)).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Asha Mushi/ })).not.toBeInTheDocument());
    expect(
      listCalls()
        .filter((c) => c.query.search)
        .map((c) => c.query.search),
    ).toEqual(['juma']);
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { addCalendarDays, formatCalendarDate, organizationToday, type Delegation } from '@imprest/domain';
import { renderScreen, signInAs, startApi, type Call, type FakeApi } from '@imprest/test-utils';
import SettingsPage from '../../SettingsPage';

const ME = 5;
/** Days ahead on the organisation's calendar (the default zone here), as sent and as typed dd/mm/yyyy. */
const ahead = (days: number) => addCalendarDays(organizationToday(), days);
const typed = (days: number) => formatCalendarDate(ahead(days));
const aDelegation = (d: Partial<Delegation>): Delegation => ({
  id: 1,
  delegator_id: ME,
  delegator_name: 'Grace Lyimo',
  delegator_role: 'finance_officer',
  delegate_id: 6,
  delegate_name: 'Juma Said',
  starts_on: '2026-03-02',
  ends_on: '2026-03-06',
  note: '',
  state: 'running',
  created_at: '2026-03-01T08:00:00.000Z',
  ended_at: null,
  ended_by_name: null,
  ...d,
});
const MINE = aDelegation({ id: 3, note: 'Audit trip to Arusha' });
const TO_ME = aDelegation({
  id: 4,
  delegator_id: 8,
  delegator_name: 'Neema Kweka',
  delegator_role: 'director',
  delegate_id: ME,
  delegate_name: 'Grace Lyimo',
  state: 'scheduled',
  starts_on: '2026-04-01',
  ends_on: '2026-04-03',
});
const OTHERS = aDelegation({ id: 7, delegator_id: 11, delegator_name: 'Paul Mrema', delegate_id: 12, delegate_name: 'Rose Mollel' });
const PAST = aDelegation({
  id: 2,
  delegate_name: 'Old Friend',
  state: 'ended',
  ended_at: '2026-02-01T08:00:00.000Z',
  ended_by_name: 'Grace Lyimo',
});
const person = (id: number, fullname: string, system_role: string) => ({ id, fullname, system_role, email: `${id}@example.org` });
const USERS = [
  person(ME, 'Grace Lyimo', 'finance_officer'),
  person(6, 'Juma Said', 'admin'),
  person(9, 'Asha Mushi', 'staff'),
  person(10, 'Baraka Ally', 'director'),
];

let api: FakeApi;
let listed: Delegation[];
const REFUSAL = 'Baraka Ally is away for some of these days and delegates their own reviewing: a delegation cannot be passed on';

function answer(call: Call) {
  if (call.method === 'GET' && call.path === 'delegations')
    return { body: { delegations: listed, page: 1, per_page: 50, total: listed.length } };
  if (call.method === 'GET' && call.path === 'users/department/all/user') {
    const search = (call.query.search ?? '').toLowerCase();
    const users = USERS.filter((u) => u.fullname.toLowerCase().includes(search));
    return { body: { users, page: 1, per_page: 100, total: users.length } };
  }
  if (call.method === 'POST' && call.path === 'delegations') {
    const body = call.body as { delegate_id: number };
    if (body.delegate_id === 10) return { status: 409, body: { error: REFUSAL, code: 'CONFLICT' } };
    const made = aDelegation({ id: 20, delegate_id: 6, state: 'scheduled', starts_on: '2026-05-04', ends_on: '2026-05-08' });
    listed = [made, ...listed];
    return { status: 201, body: { data: made } };
  }
  const end = /^delegations\/(\d+)\/end$/.exec(call.path);
  if (call.method === 'POST' && end) {
    const ended = listed.find((d) => d.id === Number(end[1]))!;
    listed = listed.map((d) => (d === ended ? { ...d, state: 'ended' as const } : d));
    return { body: { data: { ...ended, state: 'ended' } } };
  }
  return undefined;
}

beforeEach(async () => {
  listed = [MINE, TO_ME, PAST];
  api = await startApi(answer);
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

const user = userEvent.setup({ delay: null });
const show = () => renderScreen(<SettingsPage />, '/dashboard/settings');
const list = () => screen.findByRole('list', { name: 'Current and upcoming delegations' });
const posts = () => api.calls.filter((c) => c.method === 'POST');
/** Signed in as the finance officer (ME): the Settings screen's delegation form, once the list is shown. */
const delegationForm = async () => {
  signInAs('finance_officer', { id: ME });
  show();
  await list();
  return screen.getByRole('form', { name: 'Delegate my reviewing' });
};
/** The form's colleague select once it offers the two colleagues with admin permission. */
const colleagueSelect = async (form: HTMLElement) => {
  const select = within(form).getByRole('combobox', { name: /Delegate/ });
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
  return select;
};

describe('Out of office', () => {
  it('lists the running and upcoming delegations naming the user, and only their own has End now', async () => {
    signInAs('finance_officer', { id: ME });
    show();
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Juma Said reviews for Grace Lyimo',
      'Grace Lyimo reviews for Neema Kweka',
    ]);
    expect(within(rows[0]).getByText('Running')).toBeInTheDocument();
    expect(within(rows[0]).getByText('02/03/2026 – 06/03/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Audit trip to Arusha')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Upcoming')).toBeInTheDocument();
    // made to her by a director: she acts on it but does not end it
    expect(within(rows[1]).queryByRole('button', { name: 'End now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Old Friend/)).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'End now' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Current and upcoming delegations' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(posts().map((c) => c.path)).toEqual(['delegations/3/end']);
  });

  it('lets a director end anyone’s delegation', async () => {
    listed = [OTHERS];
    signInAs('director', { id: 10 });
    show();
    const row = within(await list()).getByRole('listitem', { name: 'Rose Mollel reviews for Paul Mrema' });
    expect(screen.getByText(/also see, and can end, every delegation/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(screen.getByText('No current or upcoming delegations.')).toBeInTheDocument());
    expect(posts().map((c) => c.path)).toEqual(['delegations/7/end']);
  });

  it('delegates to a colleague with admin permission for the chosen days with a note', async () => {
    const form = await delegationForm();
    const select = await colleagueSelect(form);
    // neither herself nor a staff member without admin permission is offered
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a colleague', 'Juma Said (Admin)', 'Baraka Ally (Director)']);

    await user.click(within(form).getByRole('button', { name: 'Delegate' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a colleague and both days');
    expect(posts()).toHaveLength(0);

    await user.selectOptions(select, '6');
    const first = within(form).getByLabelText(/First day/);
    await user.clear(first);
    // typed en-GB whatever the browser's locale, sent as ISO
    await user.type(first, typed(7));
    await user.type(within(form).getByLabelText(/Last day/), typed(11).replaceAll('/', ''));
    await user.type(within(form).getByLabelText(/Note/), '  Leave in Mwanza ');
    await user.click(within(form).getByRole('button', { name: 'Delegate' }));
    expect(await within(form).findByText('Delegation saved')).toBeInTheDocument();
    expect(posts()[0].body).toEqual({ delegate_id: 6, starts_on: ahead(7), ends_on: ahead(11), note: 'Leave in Mwanza' });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Current and upcoming delegations' })).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('names a day that does not exist and a last day before the first, and sends nothing', async () => {
    const form = await delegationForm();
    const select = await colleagueSelect(form);
    await user.selectOptions(select, '6');
    const first = within(form).getByLabelText(/First day/);
    const last = within(form).getByLabelText(/Last day/);
    await user.clear(first);
    await user.type(first, '31/04/2026');
    await user.type(last, '02/05/2026');
    expect(within(form).getByText('31/04/2026 is not a date: enter a real day as dd/mm/yyyy')).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, typed(7));
    await user.click(within(form).getByRole('button', { name: 'Delegate' }));
    expect(within(form).getByText(`The date cannot be before ${typed(7)}`)).toBeInTheDocument();
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it("suggests today on the organisation's calendar and refuses a first day before it", async () => {
    // UTC+14 and UTC−12 are never on the same calendar day: the form follows the organisation, not the device
    for (const zone of ['Etc/GMT-14', 'Etc/GMT+12']) {
      signInAs('finance_officer', { id: ME });
      setSession({ organization: { id: 1, name: 'Imprest Demo', time_zone: zone } });
      show();
      await list();
      const form = screen.getByRole('form', { name: 'Delegate my reviewing' });
      const today = organizationToday(zone);
      const first = within(form).getByLabelText(/First day/);
      await waitFor(() => expect(first).toHaveValue(formatCalendarDate(today)));
      await user.clear(first);
      await user.type(first, formatCalendarDate(addCalendarDays(today, -1)));
      await user.click(within(form).getByRole('button', { name: 'Delegate' }));
      expect(within(form).getByText(`The date cannot be before ${formatCalendarDate(today)}`)).toBeInTheDocument();
      expect(posts()).toHaveLength(0);
      cleanup();
    }
  });

  it("shows the server's reason when it refuses, and finds colleagues by name", async () => {
    const form = await delegationForm();
    await user.type(within(form).getByRole('searchbox', { name: 'Find a colleague' }), 'bara');
    const select = within(form).getByRole('combobox', { name: /Delegate/ });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a colleague', 'Baraka Ally (Director)']),
    );
    expect(api.calls.filter((c) => c.path === 'users/department/all/user').at(-1)?.query).toEqual({
      page: '1',
      per_page: '100',
      search: 'bara',
    });
    await user.selectOptions(select, '10');
    await user.type(within(form).getByLabelText(/Last day/), '31/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Delegate' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(within(form).queryByText('Delegation saved')).not.toBeInTheDocument();
  });

  it('is not shown to staff, who do not review', async () => {
    signInAs('staff', { id: 9 });
    show();
    expect(await screen.findByRole('heading', { name: 'Downloads' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Out of office' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('delegations'))).toHaveLength(0);
  });
});

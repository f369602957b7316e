import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { RECEIPT_EXEMPTION_PROBLEM } from '@imprest/domain';
import { renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import SettingsPage from '../SettingsPage';

let api: FakeApi;
let exempt: number;

beforeEach(async () => {
  exempt = 0;
  api = await startApi((call) => {
    if (call.path === 'delegations') return { body: { delegations: [], page: 1, per_page: 50, total: 0 } };
    if (call.path !== 'organization/settings') return undefined;
    if (call.method === 'PUT') exempt = (call.body as { receipt_exempt_below: number | null }).receipt_exempt_below ?? 0;
    return { body: { data: { review_reminder_days: 3, receipt_exempt_below: exempt } } };
  });
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

const user = userEvent.setup({ delay: null });
const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('Organisation: retirements that need no receipt (petty cash)', () => {
  it('a director sets the amount in TZS alone, refused here past the limit, and clears it', async () => {
    signInAs('director');
    renderScreen(<SettingsPage />, '/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Retirements that need no receipt: below (TZS)' });
    expect(await within(form).findByText(/Every retirement that spent money needs a receipt\./)).toBeInTheDocument();
    const box = within(form).getByRole('textbox');
    const save = within(form).getByRole('button', { name: 'Save' });

    await user.type(box, '50000');
    expect(box).toHaveValue('50,000');
    await user.click(save);
    expect(await within(form).findByText('Settings saved')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '10000000.01');
    await user.click(save);
    expect(await within(form).findByText(RECEIPT_EXEMPTION_PROBLEM)).toBeInTheDocument();

    await user.clear(box);
    await user.click(save);
    await waitFor(() => expect(puts()).toEqual([{ receipt_exempt_below: 50000 }, { receipt_exempt_below: null }]));
  });
});

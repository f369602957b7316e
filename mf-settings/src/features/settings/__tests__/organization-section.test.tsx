import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import SettingsPage from '../SettingsPage';

let api: FakeApi;
let days: number;
const REFUSED = 'Only directors can change the organisation settings';

beforeEach(async () => {
  days = 3;
  api = await startApi((call) => {
    if (call.path === 'delegations') return { body: { delegations: [], page: 1, per_page: 50, total: 0 } };
    if (call.path !== 'organization/settings') return undefined;
    if (call.method === 'PUT') {
      const sent = (call.body as { review_reminder_days: number | null }).review_reminder_days;
      if (sent === 45) return { status: 403, body: { error: REFUSED, code: 'FORBIDDEN' } };
      days = sent ?? 0;
    }
    return { body: { data: { review_reminder_days: days } } };
  });
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

const user = userEvent.setup({ delay: null });
const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('Organisation: review reminders', () => {
  it("a director sees the organisation's days, changes them, turns reminders off, and reads a refusal as the server says it", async () => {
    signInAs('director');
    renderScreen(<SettingsPage />, '/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Organisation' });
    const box = within(form).getByLabelText('Remind reviewers after (days)');
    await waitFor(() => expect(box).toHaveValue(3));
    const save = within(form).getByRole('button', { name: 'Save' });

    await user.clear(box);
    await user.type(box, '7');
    await user.click(save);
    expect(await within(form).findByText('Settings saved')).toBeInTheDocument();

    await user.clear(box);
    await user.click(save);
    expect(await within(form).findByText(/Reminders are off\./)).toBeInTheDocument();

    await user.type(box, '61');
    await user.click(save);
    expect(
      within(form).getByText('Reminder days must be a whole number from 0 to 60 (0 or empty turns reminders off)'),
    ).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '45');
    await user.click(save);
    expect(await within(form).findByText(REFUSED)).toBeInTheDocument();
    expect(puts()).toEqual([{ review_reminder_days: 7 }, { review_reminder_days: null }, { review_reminder_days: 45 }]);
  });

  it('is not shown to anyone but a director', async () => {
    signInAs('finance_officer');
    renderScreen(<SettingsPage />, '/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Out of office' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Organisation' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === 'organization/settings')).toBe(false);
  });
});

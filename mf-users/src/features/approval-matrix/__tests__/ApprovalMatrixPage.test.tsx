import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { DEFAULT_APPROVAL_MATRIX } from '@imprest/domain';
import type { RatesInput } from '@imprest/domain/contract';
import { startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import { renderScreen, signInAs } from '../../../test/render';
import ApprovalMatrixPage from '../ApprovalMatrixPage';

// The page reads and saves through the api-client against a local server playing the API.
let api: FakeApi;
let rates: Record<string, number>;
/** What PUT exchange-rates answers; by default the rates sent, saved. */
let ratesReply: ((sent: RatesInput) => Reply) | undefined;

function answer(call: Call): Reply | undefined {
  if (call.method === 'GET' && call.path === 'approval-matrix') {
    const bands = DEFAULT_APPROVAL_MATRIX.map((band, i) => ({ ...band, cascading_notification: i === 1 }));
    return { body: { data: { bands, modified_at: '2026-02-10T09:30:00.000Z', modified_by_name: 'Amina Kessy' } } };
  }
  if (call.method === 'GET' && call.path === 'exchange-rates') return { body: { data: { rates, modified_at: null } } };
  if (call.method === 'PUT' && call.path === 'exchange-rates') {
    const sent = call.body as RatesInput;
    return ratesReply ? ratesReply(sent) : { body: { data: { rates: sent.rates, modified_at: '2026-02-11T08:00:00.000Z' } } };
  }
  return undefined;
}

const user = userEvent.setup({ delay: null });
const puts = () => api.calls.filter((c) => c.method === 'PUT');

async function show(shown: Record<string, number> = { usd: 2500 }) {
  rates = shown;
  const view = renderScreen(<ApprovalMatrixPage />, '/dashboard/approval-matrix');
  await screen.findByRole('article', { name: 'Band B' });
  await screen.findByRole('region', { name: 'Exchange Rates' });
  return view;
}

const fact = (band: HTMLElement, label: string) => within(band).getByText(label).nextSibling?.textContent;

beforeEach(async () => {
  ratesReply = undefined;
  api = await startApi(answer);
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

describe('the approval matrix page', () => {
  it('shows each band with its range, reviewers in order and cascading notification, and who changed it last', async () => {
    signInAs('staff');
    await show();
    const b = screen.getByRole('article', { name: 'Band B' });
    expect(within(b).getByText('0 – 150,000,000 TZS')).toBeInTheDocument();
    expect(within(b).getByText('Up to 150,000,000 TZS')).toBeInTheDocument();
    expect(fact(b, 'First Reviewer')).toBe('Finance Officer');
    expect(fact(b, 'Second Reviewer')).toBe('Executive Secretary');
    expect(fact(b, 'Third Reviewer')).toBe('—');
    expect(fact(b, 'Cascading Notification')).toBe('No');

    const a = screen.getByRole('article', { name: 'Band A' });
    expect(within(a).getAllByText('150,000,000 TZS and above').length).toBeGreaterThan(0);
    expect(fact(a, 'Third Reviewer')).toBe('Director');
    expect(fact(a, 'Cascading Notification')).toBe('Yes');
    // 09:30 UTC on the organisation's clock (Dar es Salaam, UTC+3), whatever the device's zone
    expect(screen.getByText('Last modified 10/02/2026 12:30 by Amina Kessy', { exact: false })).toBeInTheDocument();
  });

  it('offers Edit to directors only, and Back to everyone', async () => {
    signInAs('finance_officer');
    const { unmount } = await show();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    signInAs('director');
    await show();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the exchange rates, and says which currencies have none', async () => {
    signInAs('staff');
    await show({ usd: 2650.5 });
    const region = screen.getByRole('region', { name: 'Exchange Rates' });
    expect(await within(region).findByText('2,650.50 TZS')).toBeInTheDocument();
    expect(within(region).getAllByText('Not set — requests in this currency cannot be submitted')).toHaveLength(2);
    expect(within(region).queryByRole('button', { name: 'Edit Rates' })).not.toBeInTheDocument();
  });

  it('shows finance the rates read-only, with why only directors change them', async () => {
    signInAs('finance_officer');
    await show({ usd: 2500 });
    const region = screen.getByRole('region', { name: 'Exchange Rates' });
    expect(await within(region).findByText('2,500 TZS')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Edit Rates' })).not.toBeInTheDocument();
    expect(
      within(region).getByText(
        'Only directors can change exchange rates: a rate decides the band of a request in another currency, and so whether the Director reviews it.',
      ),
    ).toBeInTheDocument();
  });

  it('lets a director change the rates, checked before sending and saved with the separators stripped', async () => {
    signInAs('director');
    await show();
    await user.click(await screen.findByRole('button', { name: 'Edit Rates' }));
    const usd = screen.getByLabelText('1 USD = (TZS)');
    await user.clear(usd);
    await user.type(usd, '0');
    await user.click(screen.getByRole('button', { name: 'Save Rates' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The rate for USD must be a number greater than 0 with at most 2 decimals');
    expect(puts()).toHaveLength(0);

    await user.clear(usd);
    await user.type(usd, '2700');
    await user.type(screen.getByLabelText('1 GBP = (TZS)'), '3400.5');
    expect(screen.getByLabelText('1 GBP = (TZS)')).toHaveValue('3,400.5');
    await user.click(screen.getByRole('button', { name: 'Save Rates' }));
    expect(await screen.findByText('Exchange rates saved.')).toBeInTheDocument();
    expect(puts().map((c) => [c.path, c.body])).toEqual([['exchange-rates', { rates: { usd: 2700, gbp: 3400.5 } }]]);
    // the saved answer is what the page shows from now on
    expect(within(screen.getByRole('region', { name: 'Exchange Rates' })).getByText('3,400.50 TZS')).toBeInTheDocument();
  });

  it("says 'Error! Changes not saved!' with the server's reason when the rates are refused", async () => {
    const reason = 'The rate for USD must be a number greater than 0 with at most 2 decimals';
    ratesReply = () => ({ status: 400, body: { error: reason, code: 'BAD_REQUEST' } });
    signInAs('director');
    await show();
    await user.click(await screen.findByRole('button', { name: 'Edit Rates' }));
    await user.click(screen.getByRole('button', { name: 'Save Rates' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error! Changes not saved!');
    expect(alert).toHaveTextContent(reason);
    expect(puts()).toHaveLength(1);
  });
});

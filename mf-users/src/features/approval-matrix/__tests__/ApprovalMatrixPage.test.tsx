import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, clearSession, saveExchangeRates } from '@imprest/api-client';
import { approvalKeys, queryClient } from '@imprest/api-client/query';
import { DEFAULT_APPROVAL_MATRIX } from '@imprest/domain';
import { renderScreen, signInAs } from '../../../test/render';
import ApprovalMatrixPage from '../ApprovalMatrixPage';

// component tests have no server: the one call a test makes answers as that test says
jest.mock('@imprest/api-client', () => ({ ...jest.requireActual('@imprest/api-client'), saveExchangeRates: jest.fn() }));

const user = userEvent.setup({ delay: null });

function show(rates: Record<string, number> = { usd: 2500 }) {
  queryClient.setQueryData(approvalKeys.matrix, {
    bands: DEFAULT_APPROVAL_MATRIX.map((band, i) => ({ ...band, cascading_notification: i === 1 })),
    modified_at: '2026-02-10T09:30:00.000Z',
    modified_by_name: 'Amina Kessy',
  });
  queryClient.setQueryData(approvalKeys.rates, { rates, modified_at: null });
  return renderScreen(<ApprovalMatrixPage />, '/dashboard/approval-matrix');
}

const fact = (band: HTMLElement, label: string) => within(band).getByText(label).nextSibling?.textContent;

afterEach(() => {
  clearSession();
  queryClient.clear();
  jest.mocked(saveExchangeRates).mockReset();
});

describe('the approval matrix page', () => {
  it('shows each band with its range, reviewers in order and cascading notification, and who changed it last', () => {
    signInAs('staff');
    show();
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
    expect(screen.getByText('Last modified 10/02/2026 09:30 by Amina Kessy', { exact: false })).toBeInTheDocument();
  });

  it('offers Edit to directors only, and Back to everyone', () => {
    signInAs('finance_officer');
    const { unmount } = show();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    signInAs('director');
    show();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the exchange rates, and says which currencies have none', () => {
    signInAs('staff');
    show({ usd: 2650.5 });
    const rates = screen.getByRole('region', { name: 'Exchange Rates' });
    expect(within(rates).getByText('2,650.50 TZS')).toBeInTheDocument();
    expect(within(rates).getAllByText('Not set — requests in this currency cannot be submitted')).toHaveLength(2);
    expect(within(rates).queryByRole('button', { name: 'Edit Rates' })).not.toBeInTheDocument();
  });

  it('lets a finance user change the rates, checked before sending and saved with the separators stripped', async () => {
    signInAs('executive_secretary');
    show();
    jest
      .mocked(saveExchangeRates)
      .mockResolvedValue({ data: { rates: { usd: 2700, gbp: 3400.5 }, modified_at: '2026-02-11T08:00:00.000Z' } });
    await user.click(screen.getByRole('button', { name: 'Edit Rates' }));
    const usd = screen.getByLabelText('1 USD = (TZS)');
    await user.clear(usd);
    await user.type(usd, '0');
    await user.click(screen.getByRole('button', { name: 'Save Rates' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The rate for USD must be a number greater than 0 with at most 2 decimals');
    expect(saveExchangeRates).not.toHaveBeenCalled();

    await user.clear(usd);
    await user.type(usd, '2700');
    await user.type(screen.getByLabelText('1 GBP = (TZS)'), '3400.5');
    expect(screen.getByLabelText('1 GBP = (TZS)')).toHaveValue('3,400.5');
    await user.click(screen.getByRole('button', { name: 'Save Rates' }));
    expect(saveExchangeRates).toHaveBeenCalledWith({ usd: 2700, gbp: 3400.5 });
    expect(await screen.findByText('Exchange rates saved.')).toBeInTheDocument();
  });

  it("says 'Error! Changes not saved!' with the server's reason when the rates are refused", async () => {
    signInAs('finance_officer');
    show();
    jest
      .mocked(saveExchangeRates)
      .mockRejectedValue(
        new ApiError('Only finance officers, executive secretaries and directors can change exchange rates', 403, 'FORBIDDEN'),
      );
    await user.click(screen.getByRole('button', { name: 'Edit Rates' }));
    await user.click(screen.getByRole('button', { name: 'Save Rates' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error! Changes not saved!');
    expect(alert).toHaveTextContent('Only finance officers, executive secretaries and directors can change exchange rates');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { approvalKeys, queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs } from '../../../test/render';
import AddBudgetPage from '../AddBudgetPage';

const user = userEvent.setup({ delay: null });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const selected = (label: RegExp) => {
  const select = field(label) as HTMLSelectElement;
  return select.options[select.selectedIndex].textContent;
};
const save = () => screen.getByRole('button', { name: 'Save' });
const liveCode = () => screen.getByTestId('live-code').textContent;

/** Sets a field's value in one change, as a paste would, and leaves it. */
async function enter(label: RegExp, value: string) {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
    fireEvent.blur(field(label));
  });
}

afterEach(() => {
  clearSession();
  queryClient.clear();
});

async function fillRequired() {
  await enter(/^Name/, 'Office rent');
  await enter(/^Amount/, '2500000');
  await enter(/^Cost Code/, '7');
}

describe('Add Budget', () => {
  it('starts with the defaults of docs/records.md', () => {
    signInAs('finance_officer');
    renderScreen(<AddBudgetPage />);
    expect(selected(/^Department/)).toBe('All departments');
    expect(selected(/^Currency/)).toBe('TZS – Tanzanian Shilling');
    expect(selected(/^Expense Category/)).toBe('Operating Cost (6000)');
    expect(selected(/^Branch/)).toBe('Stem Park Dar es Salaam (100)');
    expect(field(/^Name/).value).toBe('');
    expect(field(/^Cost Code/).value).toBe('');
    expect(within(field(/^Expense Category/)).getAllByRole('option')).toHaveLength(8);
    expect(
      screen.getByText(
        /^The cost code only accepts numbers between 1 and 99\. The final budget code is automatically calculated depending on the expense category and branch\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('says when the chosen currency has no exchange rate yet, since no request could use the code', async () => {
    signInAs('finance_officer');
    queryClient.setQueryData(approvalKeys.rates, { rates: { usd: 2600 }, modified_at: null });
    renderScreen(<AddBudgetPage />);
    const warning =
      /^No exchange rate is set for GBP yet: requests cannot use this budget code until a director sets one under Approval Matrix\.$/;
    await enter(/^Currency/, 'usd');
    expect(screen.queryByText(/No exchange rate/)).not.toBeInTheDocument();
    await enter(/^Currency/, 'gbp');
    expect(screen.getByText(warning)).toBeInTheDocument();
    await enter(/^Currency/, 'tzs');
    expect(screen.queryByText(/No exchange rate/)).not.toBeInTheDocument();
  });

  it('shows the full budget code as the cost code, category and branch change', async () => {
    signInAs('finance_officer');
    renderScreen(<AddBudgetPage />);
    expect(liveCode()).toBe('Budget code: 61__');
    await user.type(field(/^Cost Code/), '1');
    expect(liveCode()).toBe('Budget code: 6101');
    await user.selectOptions(field(/^Branch/), 'hq');
    expect(liveCode()).toBe('Budget code: 6001');
    await user.selectOptions(field(/^Expense Category/), 'youthBootCamps');
    await enter(/^Cost Code/, '12');
    expect(liveCode()).toBe('Budget code: 9012');
    await enter(/^Cost Code/, '100');
    expect(liveCode()).toBe('Budget code: 90__');
  });

  it('keeps Save disabled while any field has an error', async () => {
    signInAs('finance_officer');
    renderScreen(<AddBudgetPage />);
    expect(save()).toBeDisabled();
    await fillRequired();
    await waitFor(() => expect(save()).toBeEnabled());

    await enter(/^Cost Code/, '0');
    expect(await screen.findByText('code must be greater than or equal to 1')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await enter(/^Cost Code/, '100');
    expect(await screen.findByText('code must be less than or equal to 99')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await enter(/^Cost Code/, '');
    expect(await screen.findByText('code is a required field')).toBeInTheDocument();
  });

  it('names an emptied field and an amount of 0, and disables Save for them', async () => {
    signInAs('finance_officer');
    renderScreen(<AddBudgetPage />);
    await fillRequired();
    await waitFor(() => expect(save()).toBeEnabled());
    await enter(/^Name/, '');
    expect(await screen.findByText('name is a required field')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await enter(/^Amount/, '0');
    expect(await screen.findByText('amount must be greater than 0')).toBeInTheDocument();
  });

  it('keeps the cost code to digits and shows the amount with thousands separators', async () => {
    signInAs('finance_officer');
    renderScreen(<AddBudgetPage />);
    fireEvent.change(field(/^Cost Code/), { target: { value: 'a1b' } });
    expect(field(/^Cost Code/).value).toBe('1');
    await user.type(field(/^Amount/), '1234567.5x');
    expect(field(/^Amount/).value).toBe('1,234,567.5');
    await user.type(field(/^Amount/), '55');
    await user.tab();
    expect(await screen.findByText('amount must be a number with at most 2 decimals')).toBeInTheDocument();
  });

  it('goes back to the list on Cancel when it was opened directly', async () => {
    signInAs('finance_officer');
    renderScreen(<AddBudgetPage />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/budget');
  });

  it('tells someone without finance permission that they cannot add codes', () => {
    signInAs('staff');
    renderScreen(<AddBudgetPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only finance officers, executive secretaries and directors can add or edit budget codes.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aBudget, cacheBudget } from '../../../test/budgets';
import { renderScreen, signInAs } from '../../../test/render';
import EditBudgetPage from '../EditBudgetPage';

const user = userEvent.setup({ delay: null });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const LOCKED = [/^Currency/, /^Expense Category/, /^Branch/, /^Cost Code/];
const OPEN = [/^Name/, /^Amount/, /^Department/, /^Description/];

function openEdit(budget = aBudget()) {
  cacheBudget(budget);
  return renderScreen(<EditBudgetPage />, `/dashboard/edit-budget/${budget.code}`, '/dashboard/edit-budget/:code');
}

afterEach(() => {
  clearSession();
  queryClient.clear();
});

describe('Edit Budget', () => {
  it('shows the code as heading and the saved values, with its cost code taken back out', () => {
    signInAs('finance_officer');
    openEdit(aBudget({ requests_count: 0, committed: 0, amount: 2500000 }));
    expect(screen.getByRole('heading', { name: '6107' })).toBeInTheDocument();
    expect(field(/^Name/).value).toBe('Office rent');
    expect(field(/^Amount/).value).toBe('2,500,000');
    expect(field(/^Cost Code/).value).toBe('7');
    expect(screen.getByTestId('live-code')).toHaveTextContent('Budget code: 6107');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('locks currency, category, branch and code once requests exist, and offers no Delete', () => {
    signInAs('finance_officer');
    openEdit(aBudget({ requests_count: 2 }));
    expect(screen.getByText("Due to the existence of prior requests, curreny and code numbers can't be modified.")).toBeInTheDocument();
    for (const label of LOCKED) expect(field(label)).toBeDisabled();
    for (const label of OPEN) expect(field(label)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('leaves every field open without requests, and asks before deleting', async () => {
    signInAs('director');
    openEdit(aBudget({ requests_count: 0, committed: 0, current_status: 'archived' }));
    expect(screen.queryByText(/Due to the existence of prior requests/)).not.toBeInTheDocument();
    for (const label of [...LOCKED, ...OPEN]) expect(field(label)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Re-activate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const question = screen.getByText('Are you sure you want to delete the budget 6107 from the system?');
    const dialog = question.closest('dialog')!;
    expect(within(dialog).getByRole('button', { name: 'Delete', hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByText(/Are you sure/)).not.toBeInTheDocument();
  });

  it('asks before archiving, as before deleting, and Cancel changes nothing', async () => {
    signInAs('finance_officer');
    openEdit(aBudget({ requests_count: 2 }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const question = screen.getByText('Are you sure you want to archive the budget 6107? New requests will no longer be able to use it.');
    const dialog = question.closest('dialog')!;
    expect(within(dialog).getByRole('button', { name: 'Archive', hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByText(/Are you sure/)).not.toBeInTheDocument();
    expect(screen.queryByText(/is archived/)).not.toBeInTheDocument();
  });

  it('asks before re-activating an archived code', async () => {
    signInAs('finance_officer');
    openEdit(aBudget({ requests_count: 2, current_status: 'archived' }));
    await user.click(screen.getByRole('button', { name: 'Re-activate' }));
    expect(
      screen.getByText('Are you sure you want to re-activate the budget 6107? New requests will be able to use it again.'),
    ).toBeInTheDocument();
  });

  it('lets a code with prior requests only grow (docs/product-rules.md §Validation), as the server requires', async () => {
    signInAs('finance_officer');
    openEdit(aBudget({ amount: 1_000_000, committed: 400_000, requests_count: 2 }));
    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), '999999');
    await user.tab();
    expect(await screen.findByText('amount can only be increased: at least TZS 1,000,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('returns to the detail on Cancel', async () => {
    signInAs('finance_officer');
    openEdit();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/budget/6107');
  });

  it('is closed to those without finance permission', () => {
    signInAs('petty_cash_custodian');
    openEdit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only finance officers, executive secretaries and directors can add or edit budget codes.',
    );
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
  });
});

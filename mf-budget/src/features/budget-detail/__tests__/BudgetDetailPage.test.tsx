import { screen, within } from '@testing-library/react';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aBudget, cacheBudget } from '../../../test/budgets';
import { renderScreen, signInAs } from '../../../test/render';
import BudgetDetailPage from '../BudgetDetailPage';

const REQUEST = {
  id: 31,
  request_owner_name: 'Asha Mushi',
  purpose: 'travel',
  expenditure_date: '2026-03-04',
  amount_requested: 250000,
  amount_currency: 'tzs' as const,
  current_status: 'on_progress',
};

function openDetail(budget = aBudget(), requests = [REQUEST]) {
  cacheBudget(budget, requests);
  return renderScreen(<BudgetDetailPage />, `/dashboard/budget/${budget.code}`, '/dashboard/budget/:code');
}

afterEach(() => {
  clearSession();
  queryClient.clear();
});

describe('budget detail', () => {
  it('shows the amount, the remaining balance, the expense category, the branch and how much is used', () => {
    signInAs('staff');
    openDetail();
    expect(screen.getByText('Budget Amount').nextSibling).toHaveTextContent('TZS 1,000,000');
    expect(screen.getByText('Remaining Balance').nextSibling).toHaveTextContent('TZS 600,000');
    expect(screen.getByText('Expense').nextSibling).toHaveTextContent('Operating Cost');
    expect(screen.getByText('Branch').nextSibling).toHaveTextContent('Stem Park Dar es Salaam');
    const meter = screen.getByRole('meter', { name: 'Used share of the amount' });
    expect(meter).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('TZS 400,000 committed of TZS 1,000,000 (40%)')).toBeInTheDocument();
    expect(screen.getByText(/can no longer be deleted, and edits may only increase the amount/)).toBeInTheDocument();
  });

  it('tells money spent (retired) from money committed (requested, not yet retired)', () => {
    signInAs('staff');
    const { unmount } = openDetail(aBudget({ committed: 420_000, spent: 420_000, balance: 580_000 }));
    expect(screen.getByText('TZS 420,000 spent of TZS 1,000,000 (42%)')).toBeInTheDocument();
    expect(screen.queryByText(/TZS 0 committed/)).not.toBeInTheDocument();
    unmount();
    openDetail(aBudget({ committed: 650_000, spent: 400_000, balance: 350_000 }));
    expect(screen.getByText('TZS 400,000 spent and TZS 250,000 committed of TZS 1,000,000 (65%)')).toBeInTheDocument();
  });

  it("lists the code's requests", () => {
    signInAs('staff');
    openDetail();
    expect(screen.getByRole('heading', { name: 'Budget Requests' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['NAME', 'PURPOSE', 'EXPENDITURE DATE', 'AMOUNT', 'STATUS']);
    const row = screen.getByRole('row', { name: /Asha Mushi/ });
    expect(within(row).getByText('Travel')).toBeInTheDocument();
    expect(within(row).getByText('04/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('TZS 250,000')).toBeInTheDocument();
    // the status badge every list of requests shows, not plain text
    expect(within(row).getByText('Under Review')).toHaveClass('chakra-badge');
  });

  it('says so when no request uses the code yet', () => {
    signInAs('staff');
    openDetail(aBudget({ requests_count: 0, committed: 0, balance: 1000000 }), []);
    expect(screen.getByText('No requests found!')).toBeInTheDocument();
  });

  it('offers Download Requests and Edit Budget to finance permission only', () => {
    signInAs('executive_secretary');
    const { unmount } = openDetail();
    expect(screen.getByRole('button', { name: 'Download Requests' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Budget' })).toBeInTheDocument();
    unmount();

    for (const role of ['staff', 'board_chairman', 'petty_cash_custodian'] as const) {
      signInAs(role);
      const view = openDetail();
      expect(screen.queryByRole('button', { name: 'Download Requests' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit Budget' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('says Archived for an archived code', () => {
    signInAs('staff');
    openDetail(aBudget({ current_status: 'archived' }));
    expect(screen.getByText('Archived')).toBeInTheDocument();
  });

  it('treats a path that is not a code as not found, with a way back to the list', () => {
    signInAs('staff');
    renderScreen(<BudgetDetailPage />, '/dashboard/budget/rent', '/dashboard/budget/:code');
    expect(screen.getByRole('alert')).toHaveTextContent("Error! Couldn't find the budget code.");
    expect(screen.getByRole('button', { name: 'Back to Budget Codes' })).toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@imprest/router';
import { DataTable, UiProvider } from '@imprest/ui';
import { aBudget } from '../../../test/budgets';
import { BUDGET_COLUMNS } from '../budget-columns';

function renderRows() {
  const rows = [
    aBudget(),
    aBudget({
      id: 8,
      code: 2001,
      name: 'Card fees',
      department: 'finance',
      current_status: 'archived',
      amount: 500,
      committed: 500,
      amount_currency: 'usd',
    }),
  ];
  render(
    <UiProvider>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <DataTable columns={BUDGET_COLUMNS} rows={rows} rowKey={(b) => b.id} type="budget codes" />
      </MemoryRouter>
    </UiProvider>,
  );
}

describe('the budget list columns', () => {
  it('are NAME, CODE, AMOUNT, DEPARTMENT, STATUS and the action', () => {
    renderRows();
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual([
      'NAME',
      'CODE',
      'AMOUNT',
      'DEPARTMENT',
      'STATUS',
      'Action',
    ]);
  });

  it('show each code with its amount, utilisation, department, status and a View link', () => {
    renderRows();
    const rent = screen.getByRole('row', { name: /Office rent/ });
    // once in the CODE column, once under the name for phones
    expect(within(rent).getAllByText('6107')).toHaveLength(2);
    expect(within(rent).getByText('TZS 1,000,000')).toBeInTheDocument();
    expect(within(rent).getByRole('meter')).toHaveAttribute('aria-valuenow', '40');
    expect(within(rent).getByText('All departments')).toBeInTheDocument();
    expect(within(rent).getByText('Active')).toBeInTheDocument();
    expect(within(rent).getByRole('link', { name: 'View 6107 Office rent' })).toHaveAttribute('href', '/dashboard/budget/6107');

    const fees = screen.getByRole('row', { name: /Card fees/ });
    expect(within(fees).getByText('USD 500')).toBeInTheDocument();
    expect(within(fees).getByRole('meter')).toHaveAttribute('aria-valuenow', '100');
    expect(within(fees).getByText('Finance')).toBeInTheDocument();
    expect(within(fees).getAllByText('Archived').length).toBeGreaterThan(0);
  });
});

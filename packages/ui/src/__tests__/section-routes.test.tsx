import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { MemoryRouter } from '@imprest/router';
import { UiProvider } from '../provider';
import { SectionRoutes } from '../widgets/SectionRoutes';

// A remote mounts its pages at the route table's paths, relative to where the shell mounts it.
const at = (path: string, node: React.ReactNode) =>
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </UiProvider>,
  );

const budget = (
  <SectionRoutes
    remote="mf_budget"
    pages={{
      budget: <p>list</p>,
      budgetReports: <p>reports</p>,
      budgetJournals: <p>journals</p>,
      budgetReconciliation: <p>reconciliation</p>,
      budgetCode: <p>code</p>,
      newBudget: <p>add</p>,
      editBudget: <p>edit</p>,
    }}
  />
);

describe('SectionRoutes', () => {
  it.each([
    ['/budget', 'list'],
    ['/budget/reports', 'reports'],
    ['/budget/journals', 'journals'],
    ['/budget/reconciliation', 'reconciliation'],
    ['/budget/6101', 'code'],
    ['/new-budget', 'add'],
    ['/edit-budget/6101', 'edit'],
  ])('opens %s on the %s page', (path, page) => {
    at(path, budget);
    expect(screen.getByText(page)).toBeInTheDocument();
  });

  it('mounts the home route as the index, and the detail under both of its routes', () => {
    const requests = (
      <SectionRoutes
        remote="mf_requests"
        pages={{ home: <p>home</p>, requests: <p>list</p>, request: <p>detail</p>, viewRequest: <p>detail</p>, newRequests: <p>form</p> }}
      />
    );
    at('/', requests);
    expect(screen.getByText('home')).toBeInTheDocument();
    at('/view-request/4', requests);
    expect(screen.getByText('detail')).toBeInTheDocument();
  });

  it('says what it loads while a lazy page arrives', async () => {
    const Never = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    at(
      '/retirements/3',
      <SectionRoutes remote="mf_retirements" loadingLabel="Loading" pages={{ retirements: <p>list</p>, retirement: <Never /> }} />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('list')).toBeNull();
  });
});

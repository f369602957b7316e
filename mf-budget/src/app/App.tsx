import { lazy } from 'react';
import { SectionRoutes } from '@imprest/ui';
import BudgetListPage from '../features/budget-list/BudgetListPage';
import BudgetDetailPage from '../features/budget-detail/BudgetDetailPage';
import { TEXT } from '../strings';

// the forms bring formik and yup (~23 KB gz): loaded only when a form is opened, not with the list
const AddBudgetPage = lazy(() => import('../features/budget-form/AddBudgetPage'));
const EditBudgetPage = lazy(() => import('../features/budget-form/EditBudgetPage'));
// the reports bring chart.js: their own chunk, never part of the list's or the dashboard's first load
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
// the journals bring formik and yup for the account mapping: their own chunk too
const JournalsPage = lazy(() => import('../features/journals/JournalsPage'));
const ReconciliationPage = lazy(() => import('../features/reconciliation/ReconciliationPage'));

/** The budget section: list, reports, detail, add and edit; paths from the route table. */
export default function App(_props: { basePath: string }) {
  return (
    <SectionRoutes
      remote="mf_budget"
      loadingLabel={TEXT.loading}
      pages={{
        budget: <BudgetListPage />,
        budgetReports: <ReportsPage />,
        budgetJournals: <JournalsPage />,
        budgetReconciliation: <ReconciliationPage />,
        budgetCode: <BudgetDetailPage />,
        newBudget: <AddBudgetPage />,
        editBudget: <EditBudgetPage />,
      }}
    />
  );
}

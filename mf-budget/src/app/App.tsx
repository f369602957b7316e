import { lazy, Suspense } from 'react';
import { Route, Routes } from '@imprest/router';
import { Loading } from '../components/PageStates';
import BudgetListPage from '../features/budget-list/BudgetListPage';
import BudgetDetailPage from '../features/budget-detail/BudgetDetailPage';

// the forms bring formik and yup (~23 KB gz): loaded only when a form is opened, not with the list
const AddBudgetPage = lazy(() => import('../features/budget-form/AddBudgetPage'));
const EditBudgetPage = lazy(() => import('../features/budget-form/EditBudgetPage'));
// the reports bring chart.js: their own chunk, never part of the list's or the dashboard's first load
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));

/** The budget section: list, detail, add and edit (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="budget" element={<BudgetListPage />} />
        <Route path="budget/reports" element={<ReportsPage />} />
        <Route path="budget/:code" element={<BudgetDetailPage />} />
        <Route path="new-budget" element={<AddBudgetPage />} />
        <Route path="edit-budget/:code" element={<EditBudgetPage />} />
      </Routes>
    </Suspense>
  );
}

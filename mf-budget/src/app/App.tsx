import { Route, Routes } from '@imprest/router';
import BudgetListPage from '../features/budget-list/BudgetListPage';
import BudgetDetailPage from '../features/budget-detail/BudgetDetailPage';
import AddBudgetPage from '../features/budget-form/AddBudgetPage';
import EditBudgetPage from '../features/budget-form/EditBudgetPage';

/** The budget section: list, detail, add and edit (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route path="budget" element={<BudgetListPage />} />
      <Route path="budget/:code" element={<BudgetDetailPage />} />
      <Route path="new-budget" element={<AddBudgetPage />} />
      <Route path="edit-budget/:code" element={<EditBudgetPage />} />
    </Routes>
  );
}

import { lazy, Suspense } from 'react';
import { Route, Routes } from '@imprest/router';
import { Center, Spinner } from '@imprest/ui';
import RetirementListPage from '../features/retirement-list/RetirementListPage';
import { TEXT } from '../strings';

// the form brings the upload and preview widgets: loaded when a retirement is opened, not with the list
const RetirementFormPage = lazy(() => import('../features/retirement-form/RetirementFormPage'));

/** The retirements section: the list and the Retirement Form (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Suspense
      fallback={
        <Center py="12" role="status" aria-label={TEXT.loading}>
          <Spinner size="lg" color="teal.600" />
        </Center>
      }
    >
      <Routes>
        <Route path="retirements" element={<RetirementListPage />} />
        <Route path="retirements/:id" element={<RetirementFormPage />} />
      </Routes>
    </Suspense>
  );
}

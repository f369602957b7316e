import { lazy, Suspense } from 'react';
import { Route, Routes } from '@imprest/router';
import { Center, Spinner } from '@imprest/ui';
import HomePage from '../features/home/HomePage';
import RequestsListPage from '../features/requests-list/RequestsListPage';
import { TEXT } from '../strings';

// the form brings formik and yup, the detail its review panels: loaded when opened, not with home and list
const RequestFormPage = lazy(() => import('../features/request-form/RequestFormPage'));
const RequestDetailPage = lazy(() => import('../features/request-detail/RequestDetailPage'));

/** The requests section: dashboard home, list, detail and form (paths relative to the shell's base). */
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
        <Route index element={<HomePage />} />
        <Route path="requests" element={<RequestsListPage />} />
        <Route path="requests/:id" element={<RequestDetailPage />} />
        <Route path="view-request/:id" element={<RequestDetailPage />} />
        <Route path="new-requests" element={<RequestFormPage />} />
      </Routes>
    </Suspense>
  );
}

import { lazy } from 'react';
import { SectionRoutes } from '@imprest/ui';
import HomePage from '../features/home/HomePage';
import { prefetchHome } from '../features/home/prefetch-home';
import { TEXT } from '../strings';

// the form brings formik and yup, the detail its review panels, the list its preview and bulk accept:
// loaded when opened, not with the home, which is what Sign In waits for (a page's chunk is named
// after its routes: the shell preloads it as a person heads for one of them)
const RequestsListPage = lazy(() => import(/* webpackChunkName: "page-requests" */ '../features/requests-list/RequestsListPage'));
const RequestFormPage = lazy(() => import(/* webpackChunkName: "page-newRequests" */ '../features/request-form/RequestFormPage'));
const RequestDetailPage = lazy(
  () => import(/* webpackChunkName: "page-request-viewRequest" */ '../features/request-detail/RequestDetailPage'),
);

// this module runs when the shell loads the section: the home's reads start now, beside its first render
prefetchHome();

/** The requests section: dashboard home, list, detail (under its two routes) and form; paths from the route table. */
export default function App(_props: { basePath: string }) {
  return (
    <SectionRoutes
      remote="mf_requests"
      loadingLabel={TEXT.loading}
      pages={{
        home: <HomePage />,
        requests: <RequestsListPage />,
        request: <RequestDetailPage />,
        viewRequest: <RequestDetailPage />,
        newRequests: <RequestFormPage />,
      }}
    />
  );
}

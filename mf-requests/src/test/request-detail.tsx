import type { RequestDetail } from '@imprest/domain';
import { Route, Routes } from '@imprest/router';
import { renderScreen } from '@imprest/test-utils';
import RequestDetailPage from '../features/request-detail/RequestDetailPage';
import { cacheRequest } from './requests';

/** The request detail at /dashboard/requests/{id}, the request cached as its read would leave it. */
export function renderRequestDetail(detail: RequestDetail) {
  cacheRequest(detail);
  return renderScreen(
    <Routes>
      <Route path="/dashboard/requests/:id" element={<RequestDetailPage />} />
      <Route path="*" element={null} />
    </Routes>,
    `/dashboard/requests/${detail.id}`,
  );
}

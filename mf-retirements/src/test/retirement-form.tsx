import { queryClient, retirementKeys } from '@imprest/api-client/query';
import type { RetirementDetail } from '@imprest/domain';
import { Route, Routes } from '@imprest/router';
import { renderScreen } from '@imprest/test-utils';
import RetirementFormPage from '../features/retirement-form/RetirementFormPage';

/** The Retirement Form at /dashboard/retirements/{id}, the retirement cached as its read would leave it. */
export function renderRetirementForm(retirement: RetirementDetail) {
  queryClient.setQueryData(retirementKeys.detail(retirement.id), retirement);
  return renderScreen(
    <Routes>
      <Route path="/dashboard/retirements/:id" element={<RetirementFormPage />} />
      <Route path="*" element={null} />
    </Routes>,
    `/dashboard/retirements/${retirement.id}`,
  );
}

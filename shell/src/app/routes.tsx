import { lazy, Suspense } from 'react';
import { DASHBOARD_BASE } from '@imprest/domain';
import { Navigate, Route, Routes } from '@imprest/router';
import { FullScreenLoader } from '../features/light-ui/components';
import { SignInPage } from '../features/auth/SignInPage';
import { RequireAuth } from '../features/session/RequireAuth';
import { nextTask } from './next-task';

// Everything behind sign-in loads only after it, so the sign-in route stays light.
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetLinkPage = lazy(() => import('../features/auth/ResetLinkPage'));
const NewPasswordPage = lazy(() => import('../features/auth/NewPasswordPage'));
const SuccessAuthPage = lazy(() => import('../features/auth/SuccessAuthPage'));
const ConfirmEmailPage = lazy(() => import('../features/auth/ConfirmEmailPage'));
const ReviewActionPage = lazy(() => import('../features/review-action/ReviewActionPage'));
// Chakra's modules, the design system made from them and the frame's code start in three tasks,
// not one long task before the first paint (Total Blocking Time on a phone).
const Dashboard = lazy(async () => {
  const { designSystem } = await import('@imprest/ui');
  await nextTask();
  designSystem();
  await nextTask();
  return import(/* webpackChunkName: "dashboard" */ './Dashboard');
});

const PATHS = {
  signIn: '/',
  resetPassword: '/reset-password',
  reset: '/reset',
  resetLink: '/reset-link',
  newPassword: '/new-password',
  successAuth: '/success-auth',
  confirmEmail: '/confirm-email',
  reviewAction: '/review-action',
  /** Everything under it is the route table's (@imprest/domain titles.ts), mounted by the remotes. */
  dashboard: DASHBOARD_BASE,
} as const;

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path={PATHS.signIn} element={<SignInPage />} />
        <Route path={PATHS.resetPassword} element={<ForgotPasswordPage />} />
        <Route path={PATHS.reset} element={<ForgotPasswordPage />} />
        <Route path={PATHS.resetLink} element={<ResetLinkPage />} />
        <Route path={PATHS.newPassword} element={<NewPasswordPage />} />
        <Route path={PATHS.successAuth} element={<SuccessAuthPage />} />
        <Route path={PATHS.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={PATHS.reviewAction} element={<ReviewActionPage />} />
        <Route
          path={`${PATHS.dashboard}/*`}
          element={
            <RequireAuth>
              <Dashboard />
            </RequireAuth>
          }
        />
        <Route path="*" element={<Navigate to={PATHS.signIn} replace />} />
      </Routes>
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { Route, Routes } from '@imprest/router';
import { Loading } from '../components/Loading';
import UsersListPage from '../features/users-list/UsersListPage';
import { TEXT } from '../strings';

// the forms bring formik and yup (and the CSV upload papaparse): loaded when opened, not with the list
const AddUsersPage = lazy(() => import('../features/add-users/AddUsersPage'));
const UserDetailPage = lazy(() => import('../features/user-detail/UserDetailPage'));
const ApprovalMatrixPage = lazy(() => import('../features/approval-matrix/ApprovalMatrixPage'));
const ApprovalEditPage = lazy(() => import('../features/approval-edit/ApprovalEditPage'));

/** The users section with the approval matrix (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Suspense fallback={<Loading label={TEXT.loading} />}>
      <Routes>
        <Route path="users" element={<UsersListPage />} />
        <Route path="new-users" element={<AddUsersPage />} />
        <Route path="view-user/:id" element={<UserDetailPage />} />
        <Route path="approval-matrix" element={<ApprovalMatrixPage />} />
        <Route path="approval-object" element={<ApprovalEditPage />} />
      </Routes>
    </Suspense>
  );
}

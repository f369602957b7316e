import { lazy } from 'react';
import { SectionRoutes } from '@imprest/ui';
import UsersListPage from '../features/users-list/UsersListPage';
import { TEXT } from '../strings';

// the forms bring formik and yup (and the CSV upload papaparse): loaded when opened, not with the list
const AddUsersPage = lazy(() => import('../features/add-users/AddUsersPage'));
const UserDetailPage = lazy(() => import('../features/user-detail/UserDetailPage'));
const ApprovalMatrixPage = lazy(() => import('../features/approval-matrix/ApprovalMatrixPage'));
const ApprovalEditPage = lazy(() => import('../features/approval-edit/ApprovalEditPage'));

/** The users section with the approval matrix; paths from the route table. */
export default function App(_props: { basePath: string }) {
  return (
    <SectionRoutes
      remote="mf_users"
      loadingLabel={TEXT.loading}
      pages={{
        users: <UsersListPage />,
        newUsers: <AddUsersPage />,
        viewUser: <UserDetailPage />,
        approvalMatrix: <ApprovalMatrixPage />,
        approvalObject: <ApprovalEditPage />,
      }}
    />
  );
}

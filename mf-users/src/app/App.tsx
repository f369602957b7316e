import { Route, Routes } from '@imprest/router';
import { ComingSoon } from '@imprest/ui';
import UsersListPage from '../features/users-list/UsersListPage';
import AddUsersPage from '../features/add-users/AddUsersPage';
import UserDetailPage from '../features/user-detail/UserDetailPage';

/** The users section with the approval matrix (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route path="users" element={<UsersListPage />} />
      <Route path="new-users" element={<AddUsersPage />} />
      <Route path="view-user/:id" element={<UserDetailPage />} />
      <Route path="approval-matrix" element={<ComingSoon title="Approval Matrix" />} />
      <Route path="approval-object" element={<ComingSoon title="New Approval Details" />} />
    </Routes>
  );
}

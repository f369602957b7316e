import { Route, Routes } from '@imprest/router';
import { ComingSoon } from '@imprest/ui';

/** The users section with the approval matrix (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route path="users" element={<ComingSoon title="Users" />} />
      <Route path="new-users" element={<ComingSoon title="New Users" />} />
      <Route path="view-user/:id" element={<ComingSoon title="View User" />} />
      <Route path="approval-matrix" element={<ComingSoon title="Approval Matrix" />} />
      <Route path="approval-object" element={<ComingSoon title="New Approval Details" />} />
    </Routes>
  );
}

import { Route, Routes } from '@imprest/router';
import { ComingSoon } from '@imprest/ui';
import HomePage from '../features/home/HomePage';
import { TEXT } from '../strings';

/** The requests section: dashboard home, list, detail and form (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="requests" element={<ComingSoon title={TEXT.requests} />} />
      <Route path="requests/:id" element={<ComingSoon title={TEXT.viewRequest} />} />
      <Route path="view-request/:id" element={<ComingSoon title={TEXT.viewRequest} />} />
      <Route path="new-requests" element={<ComingSoon title={TEXT.newRequest} />} />
    </Routes>
  );
}

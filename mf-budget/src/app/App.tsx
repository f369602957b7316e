import { Route, Routes } from '@imprest/router';
import { ComingSoon } from '@imprest/ui';

/** The budget section: list, detail, add and edit (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route path="budget" element={<ComingSoon title="Budget" />} />
      <Route path="budget/:code" element={<ComingSoon title="Budget" />} />
      <Route path="new-budget" element={<ComingSoon title="New Budget" />} />
      <Route path="edit-budget/:code" element={<ComingSoon title="Edit Budget" />} />
    </Routes>
  );
}

import { Route, Routes } from '@imprest/router';
import { ComingSoon } from '@imprest/ui';

/** The retirements section (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route path="retirements/*" element={<ComingSoon title="Retirement" />} />
    </Routes>
  );
}

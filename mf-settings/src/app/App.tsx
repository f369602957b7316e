import { Route, Routes } from '@imprest/router';
import SettingsPage from '../features/settings/SettingsPage';

/** The settings section (paths relative to the shell's base). */
export default function App(_props: { basePath: string }) {
  return (
    <Routes>
      <Route path="settings" element={<SettingsPage />} />
    </Routes>
  );
}

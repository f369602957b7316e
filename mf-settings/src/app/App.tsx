import { SectionRoutes } from '@imprest/ui';
import SettingsPage from '../features/settings/SettingsPage';

/** The settings section; its path from the route table. */
export default function App(_props: { basePath: string }) {
  return <SectionRoutes remote="mf_settings" pages={{ settings: <SettingsPage /> }} />;
}

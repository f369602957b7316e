import { useEffect } from 'react';
import { DASHBOARD_BASE, type RemoteName } from '@imprest/domain';
import { useLocation } from '@imprest/router';
import DashboardLayout from '../features/layout/DashboardLayout';
import { RemoteSection } from './federation/RemoteSection';
import { loadSectionWidgetsLater } from './federation/section-widgets';
import { prepareOnLinkIntent, prepareRoute } from './prepare/prepare-route';

/** Each section is a remote, loaded through federation: the frame is handed the loader. */
const section = (name: RemoteName) => <RemoteSection key={name} name={name} basePath={DASHBOARD_BASE} />;

/** The dashboard: the frame (a feature) with the sections' loader, and each route's code and reads started early. */
export default function Dashboard() {
  const { pathname, search } = useLocation();
  // during render, not in an effect: the remote's page starts its code in this same render (a lazy
  // page), and its reads start with it rather than after the commit; prepareRoute only starts
  // fetches, once per path, so a render React repeats or drops does no harm
  prepareRoute(pathname, search);
  useEffect(() => prepareOnLinkIntent(), []);
  useEffect(() => loadSectionWidgetsLater(), []);
  return <DashboardLayout section={section} />;
}

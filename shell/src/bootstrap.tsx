import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { useSession } from '@imprest/api-client';
import { DASHBOARD_BASE } from '@imprest/domain';
import { App } from './app/App';
import { registerServiceWorker } from './features/pwa/register-sw';
import { nextTask } from './app/next-task';

// A stored session opening a dashboard page: its section's code starts loading now, beside the
// dashboard frame's, instead of once the frame has mounted (the sign-in page loads none of it).
const { pathname } = window.location;
if (useSession.getState().token && (pathname === DASHBOARD_BASE || pathname.startsWith(`${DASHBOARD_BASE}/`))) {
  void Promise.all([
    import(/* webpackChunkName: "dashboard" */ './app/federation/remotes'),
    import(/* webpackChunkName: "dashboard" */ './app/federation/sections'),
  ])
    // its container and code start in a task of their own, not in the one that starts the frame's
    .then(async ([remotes, sections]) => {
      await nextTask();
      remotes.startRemote(sections.remoteFor(pathname));
    });
}

// As a transition, the first render yields to the browser every few milliseconds instead of one
// long task (Lighthouse's Total Blocking Time on a phone: taps and scrolls answered meanwhile).
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App />));
registerServiceWorker();

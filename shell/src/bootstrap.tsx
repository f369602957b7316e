import { createRoot } from 'react-dom/client';
import { useSession } from '@imprest/api-client';
import { App } from './app/App';
import { registerServiceWorker } from './features/pwa/register-sw';

// A stored session opening a dashboard page: its section's code starts loading now, beside the
// dashboard frame's, instead of once the frame has mounted (the sign-in page loads none of it).
if (useSession.getState().token && window.location.pathname.startsWith('/dashboard')) {
  void Promise.all([import('./app/federation/remotes'), import('./app/federation/sections')]).then(([remotes, sections]) =>
    remotes.startRemote(sections.remoteFor(window.location.pathname)),
  );
}

createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();

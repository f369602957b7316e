import { Workbox } from 'workbox-window';
import { onSessionEnd } from '@imprest/api-client';
import CACHES from '../../../pwa-caches.json';
import { usePwa, type InstallPromptEvent } from './pwa-store';
import { whenEngaged } from './when-engaged';
import { whenSettled } from './when-settled';

/**
 * Offline support (docs/product-rules.md §Statuses): registered → offline-ready, or update-available; pressing Reload
 * activates the waiting worker and the page reloads once it takes control.
 */
export function registerServiceWorker(): void {
  // API answers cached for offline use belong to the signed-in user: logout forgets them
  onSessionEnd(() => {
    if ('caches' in window) void caches.delete(CACHES.api);
  });

  // listening from the start: the first tap may come before the browser's offer
  const engaged = whenEngaged();
  let offer: InstallPromptEvent | null = null;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    // offered once the person is using the page, not over its first paint (unless installed meanwhile)
    void engaged.then(() => offer && usePwa.setState({ installPrompt: offer }));
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    usePwa.setState({ installPrompt: null });
  });

  if (!('serviceWorker' in navigator) || process.env.NODE_ENV !== 'production') return;

  const wb = new Workbox('/sw.js');
  // when to say so is decided with the sections' caching (offline-ready.ts), loaded apart: the
  // sign-in page's code stays as light as it was. A worker already in charge (a return visit) is
  // ready, but says nothing new
  const ready = (installedNow: boolean) => void import('./offline-ready').then((m) => m.workerReady(installedNow));
  if (navigator.serviceWorker.controller) ready(false);
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) ready(true);
  });
  wb.addEventListener('waiting', () => {
    usePwa.setState({
      updateAvailable: true,
      activateUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void whenSettled()
    .then(() => wb.register())
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}

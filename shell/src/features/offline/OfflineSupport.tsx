// eslint-disable-next-line no-restricted-imports -- going offline-ready means fetching the remotes the PWA caches
import { usePrefetchRemotes } from '../pwa/prefetch-remotes';
import { Outbox } from './Outbox';
import { OfflineStatus } from './OfflineStatus';
import { useOutboxRunner } from './use-outbox-runner';

/** Above every dashboard screen: how fresh it is offline, and the outbox; caches the sections and sends the queue. */
export function OfflineSupport({ userId }: { userId: number }) {
  usePrefetchRemotes(true);
  useOutboxRunner(userId);
  return (
    <>
      <OfflineStatus />
      <Outbox />
    </>
  );
}

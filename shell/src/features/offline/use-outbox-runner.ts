import { useEffect } from 'react';
import { isOnline, loadOutbox, onReconnect, processOutbox, useOutbox } from '@imprest/api-client/offline';
import { useQueryClient } from '@imprest/api-client/query';

const RETRY_MS = 30_000;

/**
 * Loads the user's outbox from the device and sends it: at once when online, whenever the
 * connection returns, and every 30 s while something waits (the browser can say online while
 * the server is out of reach). Whatever was sent refreshes the lists it changed.
 */
export function useOutboxRunner(userId: number | undefined): void {
  const client = useQueryClient();
  const waiting = useOutbox((s) => s.items.some((i) => i.state === 'waiting'));

  useEffect(() => {
    if (!userId) return;
    let live = true;
    const run = () => {
      if (!isOnline()) return;
      void processOutbox().then((sent) => {
        if (live && sent > 0)
          for (const queryKey of [['requests'], ['retirements'], ['budget']]) void client.invalidateQueries({ queryKey });
      });
    };
    void loadOutbox(userId).then(run);
    const stop = onReconnect(run);
    return () => {
      live = false;
      stop();
    };
  }, [userId, client]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (isOnline()) void processOutbox();
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}

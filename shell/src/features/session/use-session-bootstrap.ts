import { useEffect } from 'react';
import { restoreSession } from '@imprest/api-client';

let started = false;

/** Validates a restored token once per page load. */
export function useSessionBootstrap(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    void restoreSession();
  }, []);
}

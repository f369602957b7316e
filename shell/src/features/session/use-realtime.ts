import { useEffect } from 'react';
import { queryClient, userKeys } from '@imprest/api-client/query';
import { connectRealtime, onUserUpdate } from '@imprest/api-client/realtime';

/**
 * Keeps the realtime connection while a user is signed in: a change to the current user
 * re-validates the session (inside connectRealtime); a change to anyone refreshes user lists.
 */
export function useRealtime(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    const disconnect = connectRealtime();
    const stop = onUserUpdate(() => void queryClient.invalidateQueries({ queryKey: userKeys.all }));
    return () => {
      stop();
      disconnect();
    };
  }, [userId]);
}

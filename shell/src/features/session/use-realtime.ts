import { useEffect } from 'react';
import { budgetKeys, queryClient, requestKeys, userKeys } from '@imprest/api-client/query';
import { connectRealtime, onRequestUpdate, onUserUpdate } from '@imprest/api-client/realtime';

/**
 * Keeps the realtime connection while a user is signed in: a change to the current user
 * re-validates the session (inside connectRealtime); a change to anyone refreshes user lists; a
 * request change refreshes requests and the budget balances it moves. Refetches run in the
 * background: what is on screen stays until the new answer arrives.
 */
export function useRealtime(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    const disconnect = connectRealtime();
    const stopUsers = onUserUpdate(() => void queryClient.invalidateQueries({ queryKey: userKeys.all }));
    const stopRequests = onRequestUpdate(() => {
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
    });
    return () => {
      stopUsers();
      stopRequests();
      disconnect();
    };
  }, [userId]);
}

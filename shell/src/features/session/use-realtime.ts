import { useEffect } from 'react';
import { saveStartReads } from '@imprest/api-client';
import { budgetKeys, queryClient, requestKeys, userKeys } from '@imprest/api-client/query';
import { connectRealtime, onJoin, onRequestUpdate, onUserUpdate } from '@imprest/api-client/realtime';
import { afterFirstReads } from './after-first-reads';

/**
 * Keeps the realtime connection while a user is signed in: a change to the current user
 * re-validates the session (inside connectRealtime); a change to anyone refreshes user lists; a
 * request change refreshes requests and the budget balances it moves. Refetches run in the
 * background: what is on screen stays until the new answer arrives. The connection opens once the
 * page's first reads have answered (afterFirstReads), so its code does not slow the page down;
 * each time it joins, what is on screen is read again, as changes made meanwhile were not heard.
 */
export function useRealtime(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    const stopped = new AbortController();
    let disconnect = () => {};
    void afterFirstReads(stopped.signal).then(() => {
      if (stopped.signal.aborted) return;
      // the page has opened: what it read is what boot.js asks for first next time (start-reads.ts)
      saveStartReads(userId);
      disconnect = connectRealtime();
    });
    const refreshUsers = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
    const refreshRequests = () => {
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
    };
    const stopUsers = onUserUpdate(refreshUsers);
    const stopRequests = onRequestUpdate(refreshRequests);
    // changes made before the connection joined (it opens after the first reads, or came back after a drop)
    const stopJoins = onJoin(() => {
      refreshUsers();
      refreshRequests();
    });
    return () => {
      stopUsers();
      stopRequests();
      stopJoins();
      stopped.abort();
      disconnect();
    };
  }, [userId]);
}

// A page opened offline (no 'offline' event ever fires in it): its queries must wait for the
// connection, not retry, fail and make each screen show its own error under the offline notice.
import type * as Query from '@tanstack/react-query';
import { ApiError } from '../http';

const pastFirstRetryDelay = () => new Promise((resolve) => setTimeout(resolve, 1300)); // TanStack waits 1 s before a retry

const unreachable = () => new ApiError('The server could not be reached. Check your connection.', 0, 'NETWORK');

/** The app's query client as a page loads it, with the browser on- or offline; TanStack's own state fresh too. */
async function startedWithConnection(online: boolean) {
  Object.defineProperty(globalThis.navigator, 'onLine', { configurable: true, get: () => online });
  let loaded!: { queryClient: Query.QueryClient; QueryObserver: typeof Query.QueryObserver; onlineManager: typeof Query.onlineManager };
  await jest.isolateModulesAsync(async () => {
    const { queryClient } = await import('../query/query-client');
    queryClient.mount(); // as the app's QueryClientProvider does: it hears the connection return
    const { QueryObserver, onlineManager } = await import('@tanstack/react-query');
    loaded = { queryClient, QueryObserver, onlineManager };
  });
  return loaded;
}

afterEach(() => delete (globalThis.navigator as { onLine?: boolean }).onLine);

it('opened offline, a query that cannot reach the server pauses without an error, and loads when the connection returns', async () => {
  const { queryClient, QueryObserver, onlineManager } = await startedWithConnection(false);
  let reachable = false;
  const queryFn = jest.fn(async () => {
    if (!reachable) throw unreachable();
    return { rows: ['Mama Ntilie'] };
  });
  const observer = new QueryObserver(queryClient, { queryKey: ['requests'], queryFn });
  const stop = observer.subscribe(() => undefined);
  await pastFirstRetryDelay();
  // asked once (the service worker may have it), then waits: no retries, no error
  expect(queryFn).toHaveBeenCalledTimes(1);
  expect(observer.getCurrentResult()).toMatchObject({ fetchStatus: 'paused', isError: false, data: undefined });

  reachable = true;
  onlineManager.setOnline(true); // what the window's 'online' event does
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(observer.getCurrentResult()).toMatchObject({ isSuccess: true, data: { rows: ['Mama Ntilie'] } });
  stop();
  queryClient.unmount();
});

it('opened online, the same failure is retried as before', async () => {
  const { queryClient, QueryObserver } = await startedWithConnection(true);
  const queryFn = jest.fn(async () => Promise.reject(unreachable()));
  const observer = new QueryObserver(queryClient, { queryKey: ['requests'], queryFn });
  const stop = observer.subscribe(() => undefined);
  await pastFirstRetryDelay();
  expect(queryFn).toHaveBeenCalledTimes(2);
  expect(observer.getCurrentResult()).toMatchObject({ fetchStatus: 'fetching', isError: false });
  stop();
  queryClient.unmount();
});

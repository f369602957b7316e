import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import { http } from '../../http';
import { queryClient } from '../query-client';
import { API_REFRESHED, onServiceWorkerMessage } from '../sw-refresh';

// The service worker answered the screen from its cache and then found a different answer
// (shell/public/sw-api.js): on its message the screen's queries read again, once for a burst.
describe("the service worker's word that a cached answer changed", () => {
  let server: Server;
  let answer = 'cached';
  let reads = 0;
  const previousBase = http.defaults.baseURL;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      reads += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ value: answer }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    http.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    queryClient.clear();
    http.defaults.baseURL = previousBase;
    await new Promise((resolve) => server.close(resolve));
  });

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(check()).toBe(true);
  };

  it('refetches what is on screen, once for several messages, and ignores other messages', async () => {
    const observer = new QueryObserver(queryClient, {
      queryKey: ['sw-refresh-test'],
      queryFn: async () => (await http.get<{ value: string }>('thing')).data.value,
      staleTime: Infinity,
    });
    let shown: string | undefined;
    const stop = observer.subscribe((result) => (shown = result.data));
    await waitFor(() => shown === 'cached');
    expect(reads).toBe(1);

    onServiceWorkerMessage(new MessageEvent('message', { data: { type: 'something-else' } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(1);

    answer = 'fresh';
    for (let i = 0; i < 3; i += 1)
      onServiceWorkerMessage(new MessageEvent('message', { data: { type: API_REFRESHED, url: '/api/v1/thing' } }));
    await waitFor(() => shown === 'fresh');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(2);
    stop();
  });
});

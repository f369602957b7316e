import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@testing-library/react';
import { http } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';

/** One call the screen made, as the server received it. */
export interface Call {
  method: string;
  /** The path below /api/v1, e.g. 'requests/user/1'. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface Reply {
  status?: number;
  /** JSON by default; with a content-type header of its own (a file download), sent as it is. */
  body: unknown;
  /** Answer headers (e.g. content-disposition), readable by the page as the real server exposes them. */
  headers?: Record<string, string>;
}

export type Handler = (call: Call) => Reply | undefined;

export interface FakeApi {
  calls: Call[];
  close: () => Promise<void>;
}

/**
 * A real HTTP server on localhost playing the API, as the api-client tests use (shared by the
 * remotes' component tests): the screen's
 * calls go through axios, the session headers and the browser's XHR (with CORS, as jsdom runs
 * the page on another origin). A call the handler does not answer gets 404.
 */
export async function startApi(handler: Handler): Promise<FakeApi> {
  const calls: Call[] = [];
  const server: Server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE');
    response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*');
    if (request.method === 'OPTIONS') {
      response.statusCode = 204;
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const call: Call = {
        method: request.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        // JSON as the API takes it; anything else (a file store's multipart form) as its text
        body: text && /json/.test(request.headers['content-type'] ?? '') ? JSON.parse(text) : text || undefined,
      };
      calls.push(call);
      const reply = handler(call) ?? { status: 404, body: { error: `no answer for ${call.method} ${call.path}`, code: 'NOT_FOUND' } };
      const headers = { 'content-type': 'application/json', ...reply.headers };
      response.statusCode = reply.status ?? 200;
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      // cross-origin, the page reads only the headers named here (CORS)
      response.setHeader('access-control-expose-headers', Object.keys(headers).join(', '));
      response.end(reply.headers?.['content-type'] ? (reply.body as string | Buffer) : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previousBase = http.defaults.baseURL;
  http.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    calls,
    close: async () => {
      http.defaults.baseURL = previousBase;
      // the screen's calls finish first (a refetch after a submit included), so none meets a closed port
      await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
      const closed = new Promise((resolve) => server.close(resolve));
      // a screen may still be reading outside the query cache (the History section): close those too
      server.closeAllConnections();
      await closed;
    },
  };
}

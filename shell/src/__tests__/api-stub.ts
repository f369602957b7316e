import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http } from '@imprest/api-client';

export interface StubCall {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

export type StubAnswer = { status: number; body?: unknown };

/**
 * A real HTTP server on localhost that answers the calls a component test makes, as the API
 * would; jsdom sends them with real XHR (hence CORS). `calls` lists what arrived.
 */
export async function startApiStub(answer: (call: StubCall) => StubAnswer) {
  const calls: StubCall[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString()));
    });
  const server: Server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'authorization, token, content-type, idempotency-key');
    response.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    const text = await read(request);
    if (request.method === 'OPTIONS') return void response.end();
    const token = request.headers.token;
    const call = {
      method: request.method ?? '',
      url: request.url ?? '',
      token: typeof token === 'string' ? token : undefined,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const { status, body } = answer(call);
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previousBase = http.defaults.baseURL;
  http.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    calls,
    async stop() {
      http.defaults.baseURL = previousBase;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http } from '@imprest/api-client';

/** A port on this machine nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** For the tests of a file: every call goes to a closed port and gets no answer, as offline. */
export function callsGetNoAnswer(): void {
  const base = http.defaults.baseURL;
  beforeAll(async () => void (http.defaults.baseURL = `http://127.0.0.1:${await closedPort()}/api/v1`));
  afterAll(() => void (http.defaults.baseURL = base));
}

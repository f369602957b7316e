/** @jest-environment jsdom */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@imprest/domain';
import { http } from '../http';
import { setSession } from '../session-store';
import { forgetSession } from '../session-end';
import { START_READS_KEY, START_READ_TTL_MS, saveStartReads } from '../start-reads';

const user = { id: 7, fullname: 'Amina Kessy', system_role: 'director', role: 'director' } as User;

type BootAnswer = { status: number; headers: Record<string, string>; body: string } | null;
const boot = () =>
  window as unknown as { __imprestBoot?: { reads?: Record<string, { token: string; at: number; answer: Promise<BootAnswer> }> } };

/** As boot.js leaves an answer it fetched for `url`. */
function bootRead(url: string, answer: BootAnswer, { token = 'token-1', at = Date.now() } = {}) {
  const state = (boot().__imprestBoot ??= {});
  state.reads = { ...state.reads, [url]: { token, at, answer: Promise.resolve(answer) } };
}

const saved = () => JSON.parse(localStorage.getItem(START_READS_KEY) ?? 'null') as { user: number; pages: Record<string, string[]> } | null;

// A real HTTP server on localhost answers every read with the path it was asked for, so a test
// can tell boot's answer from the network's; it lets jsdom's page (another origin) read it (CORS).
describe('start reads: remembered per page, taken from boot.js once', () => {
  let server: Server;
  const asked: string[] = [];
  let api: string;
  const previousBase = http.defaults.baseURL;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
      response.setHeader('access-control-allow-methods', 'GET,POST');
      if (request.method === 'OPTIONS') return void response.end();
      asked.push(`${request.method} ${request.url}`);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: { from: 'network', url: request.url } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    http.defaults.baseURL = api;
  });

  afterAll(async () => {
    http.defaults.baseURL = previousBase;
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    asked.length = 0;
    setSession({ token: 'token-1', currentUser: user });
  });

  it('remembers the JSON reads made on the page now shown, for its user, once per load', async () => {
    window.history.replaceState(null, '', '/dashboard/requests');
    await http.get('requests/user/7', { params: { page: 2 } });
    window.history.replaceState(null, '', '/dashboard');
    await http.get('requests/summary/7', { params: { role: 'director' } });
    await http.get('requests/director/pending/7', { params: { page: 1, per_page: 5 } });
    await http.get('requests/summary/7', { params: { role: 'director' } });
    await http.post('requests', {});
    await http.get('budget/download/1', { responseType: 'blob' });
    saveStartReads(7);
    expect(saved()).toEqual({
      user: 7,
      pages: { '/dashboard': [`${api}/requests/summary/7?role=director`, `${api}/requests/director/pending/7?page=1&per_page=5`] },
    });
    // the page has opened: what it reads later (a search, a click) is not a start read
    await http.get('requests/user/7', { params: { search: 'hotel' } });
    saveStartReads(7);
    expect(saved()?.pages['/dashboard']).toHaveLength(2);
  });

  it('answers a read with the 200 boot.js already has, once, and asks the network after', async () => {
    const url = `${api}/requests/summary/7?role=director`;
    bootRead(url, { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":{"from":"boot"}}' });
    const first = await http.get<{ data: { from: string } }>('requests/summary/7', { params: { role: 'director' } });
    expect(first.data.data.from).toBe('boot');
    expect(first.status).toBe(200);
    expect(asked).toEqual([]);
    const second = await http.get<{ data: { from: string } }>('requests/summary/7', { params: { role: 'director' } });
    expect(second.data.data.from).toBe('network');
    expect(asked).toEqual(['GET /api/v1/requests/summary/7?role=director']);
  });

  it.each([
    ['refused by the server', { status: 401, headers: {}, body: '{"error":"expired"}' }, {}],
    ['failed on the way', null, {}],
    ['asked with another token', { status: 200, headers: {}, body: '{"data":{"from":"boot"}}' }, { token: 'token-0' }],
    ['too old', { status: 200, headers: {}, body: '{"data":{"from":"boot"}}' }, { at: Date.now() - START_READ_TTL_MS - 1 }],
  ])('asks the network itself when boot’s answer was %s', async (_, answer, options) => {
    const url = `${api}/budget/codes`;
    bootRead(url, answer, options);
    const got = await http.get<{ data: { from: string } }>('budget/codes');
    expect(got.data.data.from).toBe('network');
    expect(asked).toEqual(['GET /api/v1/budget/codes']);
    expect(boot().__imprestBoot?.reads?.[url]).toBeUndefined();
  });

  it('never answers a write from boot', async () => {
    const url = `${api}/requests`;
    bootRead(url, { status: 200, headers: {}, body: '{"data":{"from":"boot"}}' });
    const got = await http.post<{ data: { from: string } }>('requests', {});
    expect(got.data.data.from).toBe('network');
  });

  it('forgets what was remembered and what boot holds when the session ends, and records the next sign-in’s first page', async () => {
    bootRead(`${api}/budget/codes`, { status: 200, headers: {}, body: '{}' });
    expect(saved()).not.toBeNull();
    forgetSession();
    expect(localStorage.getItem(START_READS_KEY)).toBeNull();
    expect(boot().__imprestBoot?.reads).toEqual({});
    // another person signs in in the same tab and their home opens
    setSession({ token: 'token-2', currentUser: { ...user, id: 8 } });
    window.history.replaceState(null, '', '/dashboard');
    await http.get('requests/summary/8');
    saveStartReads(8);
    expect(saved()).toEqual({ user: 8, pages: { '/dashboard': [`${api}/requests/summary/8`] } });
  });
});

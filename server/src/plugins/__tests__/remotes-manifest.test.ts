import { authHeaders, signIn } from '../../test-support/http';
import { servingWebRoot } from '../../test-support/web-root';

/** What mf-config's offline-files-plugin writes for a remote. */
const REQUESTS_ROUTE_FILES = {
  start: ['192.1265696c.js'],
  pages: { request: ['page-request-viewRequest.89aaf356.js'] },
  parts: { request: { payout: ['720.b1564ebb.js'] } },
  shared: { request: ['@imprest/api-client/offline', '@imprest/ui/forms'], 'request/payout': [] },
};

/**
 * GET /remotes.json?routes=1 asked as an outsider would: the shell's boot.js reads it before anyone
 * signs in, so it is one public answer, the same for every caller, holding only the names of built
 * chunks; a route list the server cannot vouch for is left out (the shell then fetches that list
 * itself) rather than failing the manifest every shell starts from.
 */
describe('the remotes manifest with route files, from outside', () => {
  const served = servingWebRoot(
    {
      'shell/dist/index.html': '<!doctype html><div id="root"></div>',
      'mf-requests/dist/remoteEntry.js': 'var mf_requests;',
      'mf-requests/dist/route-files.json': JSON.stringify(REQUESTS_ROUTE_FILES),
      // a list of another shape (a half-copied deploy, another release's format)
      'mf-budget/dist/remoteEntry.js': 'var mf_budget;',
      'mf-budget/dist/route-files.json': '[]',
      // a list naming a source map and paths outside the remote's folder
      'mf-users/dist/remoteEntry.js': 'var mf_users;',
      'mf-users/dist/route-files.json': JSON.stringify({
        start: ['412.a1b2c3d4.js.map', '/etc/passwd', '../../server/dist/main.js'],
        pages: {},
      }),
    },
    { seed: true },
  );
  const get = (url: string, headers: Record<string, string> = {}) => served.t.app.inject({ method: 'GET', url, headers });

  it('answers signed-out, signed-in and bad-token callers alike, as a shared answer nothing personal is in', async () => {
    const { token } = await signIn(served.t.app, 'finance_officer@example.org');
    const answers = [await get('/remotes.json?routes=1'), await get('/remotes.json?routes=1', authHeaders(token))];
    answers.push(await get('/remotes.json?routes=1', authHeaders('not-a-token')));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(answers[0]!.body).not.toContain(served.webRoot);
  });

  it('lists only the built chunks a route list names by plain file name: a list of another shape, or naming a source map or a path, is left out', async () => {
    const { remotes, routes } = (await get('/remotes.json?routes=1')).json() as { remotes: Record<string, string>; routes: object };
    expect(routes).toEqual({ mf_requests: REQUESTS_ROUTE_FILES });
    // their entries are still served: only the lists are left to the shell
    expect(remotes.mf_budget).toMatch(/^\/remotes\/mf-budget\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
    expect(remotes.mf_users).toMatch(/^\/remotes\/mf-users\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
  });

  it('reads odd query strings as the manifest with or without route files, or refuses them with {error, code}', async () => {
    const answer = async (query: string) => {
      const response = await get(`/remotes.json?${query}`);
      return { query, status: response.statusCode, body: response.json() };
    };
    const plain = (await get('/remotes.json')).json();
    const withRoutes = (await get('/remotes.json?routes=1')).json();
    expect(withRoutes).toEqual({ remotes: plain, routes: expect.any(Object) });
    // `routes` present is the question, whatever its value; anything else is the plain manifest
    for (const query of ['routes=0', 'routes=', 'routes', `routes=${'9'.repeat(4000)}`, 'x=1&routes=1'])
      expect(await answer(query)).toEqual({ query, status: 200, body: withRoutes });
    for (const query of ['routes[]=1', 'x=1', 'Routes=1']) expect(await answer(query)).toEqual({ query, status: 200, body: plain });
    const repeated = await get('/remotes.json?routes=1&routes=1');
    expect([repeated.statusCode, repeated.json()]).toEqual([400, { error: expect.stringContaining('routes'), code: 'BAD_REQUEST' }]);
  });
});

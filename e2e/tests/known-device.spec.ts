// A browser that signed in keeps the device cookie (known devices: the OpenAPI document, users/authenticate): HttpOnly,
// so the page's scripts cannot read it, and sent back only to the sign-in call.
import type { Request } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

test('signing in leaves an HttpOnly device cookie that only the sign-in call receives', async ({
  page,
  context,
  signInPage,
  dashboard,
}) => {
  // the calls are kept and their headers read at the end: read as each went out, a call made as the
  // test ended (the page closing) failed the test with "Target page … has been closed"
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) calls.push(request);
  });
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  const [device] = (await context.cookies()).filter((c) => c.name === 'imprest_device');
  expect(device).toMatchObject({ path: '/api/v1/users/authenticate', httpOnly: true, sameSite: 'Strict' });
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000); // about a year
  expect(await page.evaluate(() => document.cookie)).not.toContain('imprest_device');

  // the next sign-in from this browser carries it; no other call does
  const again = page.waitForRequest((r) => r.url().endsWith('/api/v1/users/authenticate'));
  const status = await page.evaluate(
    async (body) =>
      (await fetch('/api/v1/users/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
    JSON.stringify({ email: ACCOUNTS.stemParkManager, password: DEMO_PASSWORD }),
  );
  expect(status).toBe(200);
  expect((await (await again).allHeaders()).cookie).toContain(`imprest_device=${device!.value}`);
  const sent = await Promise.all(calls.map(async (call) => ({ url: call.url(), cookie: (await call.allHeaders()).cookie ?? '' })));
  const others = sent.filter((s) => !s.url.endsWith('/users/authenticate'));
  expect(others.length).toBeGreaterThan(0);
  expect(others.filter((s) => s.cookie.includes('imprest_device'))).toEqual([]);
});

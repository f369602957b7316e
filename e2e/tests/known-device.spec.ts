// A browser that signed in keeps the device cookie (known devices: the OpenAPI document, users/authenticate): HttpOnly,
// so the page's scripts cannot read it, and sent back only to the sign-in call.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

test('signing in leaves an HttpOnly device cookie that only the sign-in call receives', async ({
  page,
  context,
  signInPage,
  dashboard,
}) => {
  const sent: { url: string; cookie: string }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/'))
      void request.allHeaders().then((h) => sent.push({ url: request.url(), cookie: h.cookie ?? '' }));
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
  const others = sent.filter((s) => !s.url.endsWith('/users/authenticate'));
  expect(others.length).toBeGreaterThan(0);
  expect(others.filter((s) => s.cookie.includes('imprest_device'))).toEqual([]);
});

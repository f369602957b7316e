// A session the server no longer accepts is noticed. Its next call (a 401) or the
// realtime socket's refusal of its token signs the user out to Sign In, which says why. (The
// socket's refusal on reconnecting, and a close without a word, are covered in api-client's tests.)
import { test, expect } from '../fixtures';
import { signedIn, tokenIsAccepted } from '../support/api';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

const ENDED = 'Your session has ended. Please sign in again.';
/** The reads a signed-in app makes on its own after sign-in: Home's tiles and pending list, and the budget codes. */
const AFTER_SIGN_IN = ['/requests/summary/', '/pending/', '/budget/codes'];

test('a session signed out from elsewhere: the next click lands on Sign In, which says the session has ended', async ({
  page,
  request,
  signInPage,
  dashboard,
}) => {
  // no realtime socket here, so that the click's refused call is what notices (the socket has its own test below)
  // (it opens a websocket first, then falls back to long-polling: both refused)
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  await signInPage.goto();
  await expect(signInPage.error).toHaveCount(0);
  // Home loads its tiles and pending list once its section is in, and the app reads the budget codes 1.5 s after
  // sign-in (for offline drafts): revoke only after, so the click is what notices
  const homeLoaded = Promise.all(AFTER_SIGN_IN.map((part) => page.waitForResponse((r) => r.url().includes(part))));
  await signInPage.signIn(ACCOUNTS.pettyCashCustodian, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await homeLoaded;
  const token = (await dashboard.storedSession())!.token!;

  const revoked = await request.post('/api/v1/users/logout', { headers: signedIn(token) });
  expect(revoked.status(), await revoked.text()).toBe(204);
  expect(await tokenIsAccepted(request, token)).toBe(false);

  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await dashboard.openFromMenu('Requests');
  await signInPage.expectShown();
  await expect(signInPage.error).toHaveText(ENDED);
  expect((await dashboard.storedSession())?.token ?? null).toBeNull();
  expect(loads, 'signed out without a page reload').toEqual([]);
  await expect(page).toHaveURL('/');

  // the note is for this moment only: signing in again works and shows no note afterwards
  await signInPage.signIn(ACCOUNTS.pettyCashCustodian, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await dashboard.logOut();
  await signInPage.expectShown();
  await expect(signInPage.error).toHaveCount(0);
});

test('a sign-out from elsewhere reaches the open app through its socket, without a click', async ({
  page,
  request,
  signInPage,
  dashboard,
}) => {
  await signInPage.goto();
  const homeLoaded = Promise.all(AFTER_SIGN_IN.map((part) => page.waitForResponse((r) => r.url().includes(part))));
  const socketOpen = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await signInPage.signIn(ACCOUNTS.boardChairman, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await Promise.all([homeLoaded, socketOpen]);
  const token = (await dashboard.storedSession())!.token!;

  // From here no API call of the page gets an answer (a refused one would sign out on its own): only the socket can tell.
  await page.route('**/api/v1/**', (route) => route.abort());
  const revoked = await request.post('/api/v1/users/logout', { headers: signedIn(token) });
  expect(revoked.status(), await revoked.text()).toBe(204);

  await signInPage.expectShown();
  await expect(signInPage.error).toHaveText(ENDED);
  expect((await dashboard.storedSession())?.token ?? null).toBeNull();
});

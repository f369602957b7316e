// The Sign In screen and the home it leads to, as the bench's browser steps see them.

/**
 * Every bench wait for a screen polls the page itself every POLL_MS. Playwright's own waits
 * (`locator.waitFor`) retry after 20, 50, 100, 100 ms and then only every 500 ms: a screen that
 * showed just after a check was seen up to half a second late, and Sign In's times fell on a
 * 500 ms grid (2.44 or 2.96 s, never between; docs/performance.md §"Sign In filled in at once…").
 */
const POLL_MS = 20;

/** The form ready to use: both fields and its button. */
export async function signInFormVisible(page, timeout) {
  await page.waitForFunction(
    () => {
      const form = document.querySelector('form');
      const drawn = (el) =>
        !!el && el.getClientRects().length > 0 && (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true);
      const button = [...(form?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === 'Sign In');
      return drawn(form?.querySelector('input[name="email"]')) && drawn(form?.querySelector('input[name="password"]')) && drawn(button);
    },
    null,
    { timeout, polling: POLL_MS },
  );
}

/** The credentials filled in at once, or each typed through `typeInto` (a person's pace). */
export async function fillSignIn(page, account, typeInto = (field, text) => field.fill(text)) {
  const form = page.locator('form');
  await typeInto(form.locator('input[name="email"]'), account.email);
  await typeInto(form.locator('input[name="password"]'), account.password);
}

export const pressSignIn = (page) => page.locator('form').getByRole('button', { name: 'Sign In' }).click();

/** The dashboard home (served by mf-requests): its Profile and Role tiles, the user's name in Profile, drawn. */
export async function homeTilesVisible(page, fullname, timeout) {
  await page.waitForFunction(
    (name) => {
      const main = location.pathname.startsWith('/dashboard') && document.querySelector('main');
      if (!main) return false;
      const drawn = (el) =>
        el.getClientRects().length > 0 && (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true);
      const leaves = [...main.querySelectorAll('*')].filter((el) => el.childElementCount === 0);
      const shown = (text) => leaves.some((el) => el.textContent?.replace(/\s+/g, ' ').trim() === text && drawn(el));
      return shown('Profile') && shown('Role') && shown(name);
    },
    fullname,
    { timeout, polling: POLL_MS },
  );
}

/** `/` opened, the credentials filled in at once and Sign In pressed, until the home tiles show. */
export async function signIn(page, account, timeout) {
  await page.goto('/', { waitUntil: 'commit', timeout });
  await signInFormVisible(page, timeout);
  await fillSignIn(page, account);
  await pressSignIn(page);
  await homeTilesVisible(page, account.fullname, timeout);
}

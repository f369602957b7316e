// The Sign In screen and the home it leads to, as the bench's browser steps see them.

/** The form ready to use: both fields and its button. */
export async function signInFormVisible(page, timeout) {
  const form = page.locator('form');
  await form.locator('input[name="email"]').waitFor({ state: 'visible', timeout });
  await form.locator('input[name="password"]').waitFor({ state: 'visible', timeout });
  await form.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible', timeout });
}

/** The credentials filled in at once, or each typed through `typeInto` (a person's pace). */
export async function fillSignIn(page, account, typeInto = (field, text) => field.fill(text)) {
  const form = page.locator('form');
  await typeInto(form.locator('input[name="email"]'), account.email);
  await typeInto(form.locator('input[name="password"]'), account.password);
}

export const pressSignIn = (page) => page.locator('form').getByRole('button', { name: 'Sign In' }).click();

/** The dashboard home (served by mf-requests): its Profile and Role tiles, the user's name in Profile. */
export async function homeTilesVisible(page, fullname, timeout) {
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'), { timeout });
  const main = page.locator('main');
  await main.getByText('Profile', { exact: true }).waitFor({ state: 'visible', timeout });
  await main.getByText('Role', { exact: true }).waitFor({ state: 'visible', timeout });
  await main.getByText(fullname, { exact: true }).first().waitFor({ state: 'visible', timeout });
}

/** `/` opened, the credentials filled in at once and Sign In pressed, until the home tiles show. */
export async function signIn(page, account, timeout) {
  await page.goto('/', { waitUntil: 'commit', timeout });
  await signInFormVisible(page, timeout);
  await fillSignIn(page, account);
  await pressSignIn(page);
  await homeTilesVisible(page, account.fullname, timeout);
}

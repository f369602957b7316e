// docs/screens.md Layout, docs/product-rules.md §Statuses "Account lock" and "Realtime": a change to a user reaches their open app at
// once, without a reload — the lock banner and the hidden New Requests button, a lost role, and
// a deletion that signs them out.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { createUserWithPassword, currentUser, restrictUser, uniqueTag } from '../support/api';
import type { Person } from '../support/browser';
import { UserDetailPage } from '../pages/user-detail-page';
import { UsersListPage } from '../pages/users-list-page';

/** A finance user's lock names itself; SPEC's retirement wording is for the midnight lock (retirement-lock.spec). */
const LOCKED =
  'Your account has been locked by your finance officer. You can not submit new requests or edit existing requests until it is unlocked. Contact your finance officer to learn why or to have it unlocked.';
/** The open app shows the change within two seconds. */
const REALTIME_MS = 2_000;

test('a finance officer locks and unlocks staff2, whose open Requests page follows within 2 s without a reload', async ({
  signInAs,
  request,
  page,
  signInPage,
  dashboard,
}) => {
  let finance: Person | undefined;
  let staff2Id: number | undefined;
  const banner = page.getByRole('alert').filter({ hasText: LOCKED });
  const newRequests = dashboard.header.getByRole('link', { name: 'New Requests' });
  try {
    await test.step('staff2 works on the Requests page, not locked', async () => {
      await signInPage.goto();
      await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
      await dashboard.openFromMenu('Requests');
      await expect(page).toHaveURL('/dashboard/requests');
      await expect(newRequests).toBeVisible();
      await expect(banner).toHaveCount(0);
      staff2Id = (await currentUser(request, (await dashboard.storedSession())!.token!)).id;
    });
    // navigations after this point would hide a missing realtime update: count the loads
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    const officer = await signInAs(ACCOUNTS.financeOfficer);
    finance = officer;
    const detail = new UserDetailPage(officer.page);
    await test.step("the finance officer opens staff2's detail page from the Users list", async () => {
      await officer.dashboard.openFromMenu('Users');
      await new UsersListPage(officer.page).findAndOpen(ACCOUNTS.staff2, 'Daudi Massawe');
      await detail.expectShown('Daudi Massawe');
      await expect(detail.fact('Payment Request')).toHaveText('Allowed');
    });

    await test.step('Lock: the banner shows and New Requests goes on staff2’s open page', async () => {
      await detail.setLocked(true);
      await expect(banner).toBeVisible({ timeout: REALTIME_MS });
      await expect(banner).toHaveText(LOCKED);
      await expect(newRequests).toHaveCount(0, { timeout: REALTIME_MS });
      await expect(page).toHaveURL('/dashboard/requests');
      await expect(detail.fact('Payment Request')).toHaveText('Restricted');
      await expect(detail.unlock).toBeVisible();
    });

    await test.step('Unlock: the banner goes and New Requests is back', async () => {
      await detail.setLocked(false);
      await expect(banner).toHaveCount(0, { timeout: REALTIME_MS });
      await expect(newRequests).toBeVisible({ timeout: REALTIME_MS });
      await expect(detail.fact('Payment Request')).toHaveText('Allowed');
      await expect(detail.lock).toBeVisible();
    });
    expect(loads, 'staff2’s page was never reloaded').toEqual([]);
  } finally {
    // other specs sign in as staff2 and expect an unlocked account
    if (finance && staff2Id !== undefined) await restrictUser(request, finance.token, staff2Id, false);
  }
});

test('a user whose role a director takes away loses it at once; once deleted, their open app signs out', async ({
  signInAs,
  request,
  page,
  signInPage,
  dashboard,
  usersList,
  mailbox,
}) => {
  const tag = uniqueTag();
  const password = `Admin-pass-${tag}`;
  const boss = await signInAs(ACCOUNTS.director);
  const person = await createUserWithPassword(
    request,
    mailbox,
    boss.token,
    {
      fullname: `Zawadi Temba ${tag}`,
      department: 'procurement',
      phone_number: '0765000301',
      email: `zawadi.${tag}@example.org`,
      role: 'admin',
      system_role: 'admin',
    },
    password,
  );

  await test.step('the admin signs in and keeps the users list open', async () => {
    await signInPage.goto();
    await signInPage.signIn(person.email, password);
    await expect(dashboard.mode).toHaveValue('admin');
    await dashboard.openFromMenu('Users');
    await expect(usersList.search).toBeVisible();
    await expect(usersList.rows.first()).toBeVisible();
  });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  const detail = new UserDetailPage(boss.page);
  await test.step('the director makes them staff', async () => {
    await boss.page.goto('/dashboard/users');
    await new UsersListPage(boss.page).findAndOpen(tag, person.fullname);
    await detail.expectShown(person.fullname);
    await detail.edit.click();
    await detail.field('systemRole').selectOption({ label: 'Staff' });
    await detail.field('position').selectOption({ label: 'Staff' });
    await detail.update.click();
    await expect(detail.updated).toBeVisible();
  });

  await test.step('their open app drops the Users section and Admin mode without a reload', async () => {
    await expect(dashboard.sideMenu.getByRole('link', { name: 'Users' })).toHaveCount(0, { timeout: REALTIME_MS });
    await expect(dashboard.menuItems).toHaveText(['Requests', 'Retirements', 'Budget', 'Settings']);
    await expect(usersList.rows).toHaveCount(0);
    await expect(usersList.notAllowed).toBeVisible();
    await expect(dashboard.mode.getByRole('option', { name: 'Admin' })).toBeDisabled();
    await expect(dashboard.mode).toHaveValue('staff');
    expect(loads, 'their page was never reloaded').toEqual([]);
  });

  await test.step('the director deletes them; their open app goes to sign-in', async () => {
    await detail.delete.click();
    await detail.deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(signInPage.heading).toBeVisible({ timeout: REALTIME_MS });
    await expect(page).toHaveURL('/');
    expect((await dashboard.storedSession())?.token ?? null).toBeNull();
    expect(loads, 'signed out by the app itself, not by a reload').toEqual([]);
    await expect(boss.page).toHaveURL('/dashboard/users');
  });
});

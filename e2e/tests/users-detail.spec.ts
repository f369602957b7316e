// docs/screens.md "Users" detail and docs/product-rules.md §Validation/docs/product-rules.md §Roles: who may edit which values, who may delete, who sees Last Logged In.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, createUsers, uniqueTag, type UserRecord } from '../support/api';
import { testServers } from '../support/env';

const tag = uniqueTag();
let edited!: UserRecord;
let removed!: UserRecord;

// two people to look at: one to edit, one to delete (set up through the API, as a director would add them)
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: testServers().baseURL });
  try {
    const token = await apiSignIn(api, ACCOUNTS.director, DEMO_PASSWORD);
    [edited, removed] = await createUsers(api, token, [
      {
        fullname: `Halima Nyoni ${tag}`,
        department: 'content',
        phone_number: '0754000201',
        email: `halima.${tag}@example.org`,
        role: 'staff',
        system_role: 'staff',
      },
      {
        fullname: `Issa Kombo ${tag}`,
        department: 'graphics',
        phone_number: '0754000202',
        email: `issa.${tag}@example.org`,
        role: 'staff',
        system_role: 'staff',
      },
    ]);
  } finally {
    await api.dispose();
  }
});

test('a director edits a phone number, sees Last Logged In, and deletes a user after confirming', async ({
  page,
  signInPage,
  dashboard,
  usersList,
  userDetail,
}) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);

  await test.step('the user opens from the list, every value read-only', async () => {
    await dashboard.openFromMenu('Users');
    await usersList.findAndOpen(tag, edited.fullname);
    await userDetail.expectShown(edited.fullname);
    await expect(userDetail.field('fullname')).toHaveValue(edited.fullname);
    await expect(userDetail.field('department')).toHaveValue('Content');
    // stored as E.164, shown in the international form
    await expect(userDetail.field('phone')).toHaveValue('+255 754 000 201');
    await expect(userDetail.field('phone')).not.toBeEditable();
    await expect(userDetail.field('email')).toHaveValue(edited.email);
    await expect(userDetail.field('systemRole')).toHaveValue('Staff');
    await expect(userDetail.update).toHaveCount(0);
  });

  await test.step('the account facts: Last Logged In is shown to a director, N/A for someone who never signed in', async () => {
    await expect(userDetail.factLabel('Created On')).toBeVisible();
    await expect(userDetail.factLabel('Modified On')).toBeVisible();
    await expect(userDetail.fact('Payment Request')).toHaveText('Allowed');
    await expect(userDetail.factLabel('Last Logged In')).toBeVisible();
    await expect(userDetail.fact('Last Logged In')).toHaveText('N/A');
  });

  await test.step('Edit, a new phone number, Update User; the new number is still there after a reload', async () => {
    await userDetail.edit.click();
    await expect(userDetail.update).toBeVisible();
    await expect(userDetail.identityLocked).toHaveCount(0);
    await expect(userDetail.field('fullname')).toBeEditable();
    await userDetail.field('phone').fill('0754 999 777');
    await expect(userDetail.field('phone'), 'phone inputs keep digits only').toHaveValue('0754999777');
    await userDetail.update.click();
    await expect(userDetail.updated).toBeVisible();
    await expect(userDetail.update).toHaveCount(0);
    await expect(userDetail.field('phone')).toHaveValue('+255 754 999 777');

    await page.reload();
    await userDetail.expectShown(edited.fullname);
    await expect(userDetail.field('phone')).toHaveValue('+255 754 999 777');
  });

  await test.step('a new e-mail waits for its confirmation: the page says where the link went, the old address stays', async () => {
    await userDetail.edit.click();
    await userDetail.field('email').fill(`halima.new.${tag}@example.org`);
    await userDetail.update.click();
    await expect(page.getByText(`A confirmation link was sent to halima.new.${tag}@example.org.`, { exact: false })).toBeVisible();
    await expect(userDetail.field('email')).toHaveValue(edited.email);
  });

  await test.step('Delete asks first; Cancel keeps the user', async () => {
    await expect(userDetail.delete).toBeVisible();
    await userDetail.delete.click();
    await expect(userDetail.deleteDialog).toBeVisible();
    await expect(userDetail.deleteDialog).toContainText(`Are you sure you want to delete ${edited.fullname} from the system?`);
    await userDetail.deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(userDetail.deleteDialog).toBeHidden();
    await userDetail.expectShown(edited.fullname);
  });

  await test.step('confirmed, the user is deleted and no longer found in the list', async () => {
    await userDetail.back.click();
    await expect(page).toHaveURL('/dashboard/users');
    await usersList.findAndOpen(tag, removed.fullname);
    await userDetail.expectShown(removed.fullname);
    await userDetail.delete.click();
    await expect(userDetail.deleteDialog).toContainText(`Are you sure you want to delete ${removed.fullname} from the system?`);
    await userDetail.deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/dashboard/users');
    await usersList.searchFor(removed.email);
    await expect(usersList.noneFound).toBeVisible();
    await usersList.searchFor(tag);
    await expect(usersList.rows).toHaveCount(1);
    await expect(usersList.row(edited.fullname)).toBeVisible();
  });
});

test('a finance officer may edit contact details only, cannot delete, and does not see Last Logged In', async ({
  signInPage,
  dashboard,
  usersList,
  userDetail,
}) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await dashboard.openFromMenu('Users');
  await usersList.findAndOpen(edited.email, edited.fullname);
  await userDetail.expectShown(edited.fullname);

  await expect(userDetail.edit).toBeVisible();
  await expect(userDetail.delete).toHaveCount(0);
  await expect(userDetail.factLabel('Created On')).toBeVisible();
  await expect(userDetail.factLabel('Last Logged In')).toHaveCount(0);

  await userDetail.edit.click();
  await expect(userDetail.update).toBeVisible();
  await expect(userDetail.identityLocked).toBeVisible();
  for (const field of ['fullname', 'department', 'position', 'systemRole', 'email'] as const) {
    await expect(userDetail.field(field), `${field} is for directors only`).toBeDisabled();
  }
  await expect(userDetail.field('fullname')).toHaveValue(edited.fullname);
  await expect(userDetail.field('phone')).toBeEditable();

  await userDetail.cancel.click();
  await expect(userDetail.update).toHaveCount(0);
  await expect(userDetail.edit).toBeVisible();
});

// docs/screens.md "Users", A director adds people from a CSV file (quoted values, a blank line,
// one bad cell corrected in the preview); the list finds them; an invited person sets a password
// from the e-mail in DATA_DIR/mail and signs in as staff.
import { writeFileSync } from 'node:fs';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { uniqueTag } from '../support/api';
import { resetLinkIn } from '../support/mailbox';

test('a director adds users from a CSV file, and an invited user sets a password and signs in', async ({
  page,
  signInPage,
  dashboard,
  addUsers,
  usersList,
  newPasswordPage,
  mailbox,
}, testInfo) => {
  const tag = uniqueTag();
  const people = [
    // a quoted name with a comma, and a department as people type it
    {
      name: `Mrema, Asha ${tag}`,
      csvName: `"Mrema, Asha ${tag}"`,
      department: 'Finance',
      phone: '0713 000 101',
      email: `asha.${tag}@example.org`,
    },
    // letters in the phone: the preview keeps the value as the file has it and says what is wrong
    { name: `Baraka Juma ${tag}`, csvName: `Baraka Juma ${tag}`, department: 'it', phone: '07ab12', email: `baraka.${tag}@example.org` },
    // a quote inside a quoted value is written twice
    {
      name: `Chiku "CJ" Ally ${tag}`,
      csvName: `"Chiku ""CJ"" Ally ${tag}"`,
      department: 'rising stem stars',
      phone: '+255 713 000 103',
      email: `chiku.${tag}@example.org`,
    },
  ];
  const csv =
    [
      'name,department,phone,email',
      ...people.map((p, i) => `${p.csvName},${p.department},${p.phone},${p.email}${i === 0 ? '\r\n' : ''}`),
    ].join('\r\n') + '\r\n';
  const file = testInfo.outputPath(`users-${tag}.csv`);
  writeFileSync(file, csv);
  const invited = people[0]!;
  const password = `Asha-pass-${tag}`;

  await test.step('the director opens New Users and chooses Add Multiple Users', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    await dashboard.openFromMenu('Users');
    await dashboard.newButton.click();
    await expect(page).toHaveURL('/dashboard/new-users');
    await dashboard.expectTitle('New Users');
    await addUsers.multiple.click();
    await expect(addUsers.multiple).toHaveAttribute('aria-checked', 'true');
    await expect(addUsers.downloadTemplate).toBeVisible();
    await expect(addUsers.save).toBeDisabled();
  });

  await test.step('the uploaded file shows as three editable rows, the blank line skipped', async () => {
    await addUsers.uploadCsv(file);
    await expect(addUsers.preview(3)).toBeVisible();
    await expect(addUsers.preview(3).getByRole('listitem')).toHaveCount(3);
    await expect(addUsers.cell(1, 'fullname')).toHaveValue(invited.name);
    await expect(addUsers.cell(1, 'department')).toHaveValue('finance');
    // a valid mobile number shows as it will be saved (docs/product-rules.md §Phone numbers)
    await expect(addUsers.cell(1, 'phone')).toHaveValue('+255713000101');
    await expect(addUsers.cell(1, 'email')).toHaveValue(invited.email);
    await expect(addUsers.cell(2, 'department')).toHaveValue('it');
    await expect(addUsers.cell(3, 'fullname')).toHaveValue(people[2]!.name);
    await expect(addUsers.cell(3, 'department')).toHaveValue('risingStemStars');
    await expect(addUsers.cell(3, 'phone')).toHaveValue('+255713000103');
  });

  await test.step('the bad phone shows its problem and blocks Save; corrected, the problem goes', async () => {
    const problem = addUsers
      .previewRow(2)
      .getByText('Phone number 07ab12 is not a valid mobile number (e.g. 0712 345 678)', { exact: true });
    await expect(addUsers.cell(2, 'phone')).toHaveValue('07ab12');
    await expect(problem).toBeVisible();
    await expect(addUsers.previewRow(1).getByText(/must be|required|not a valid/)).toHaveCount(0);
    await expect(addUsers.blocked).toHaveText('Correct the row marked in red before saving.');
    await expect(addUsers.save).toBeDisabled();

    await addUsers.cell(2, 'phone').fill('0713000102');
    await expect(addUsers.cell(2, 'phone')).toHaveValue('0713000102');
    await expect(problem).toHaveCount(0);
    await expect(addUsers.blocked).toHaveCount(0);
    await expect(addUsers.save).toBeEnabled();
  });

  const seen = new Set(mailbox.files());
  await test.step("Save says 'User added!', and 'View Users' lists them", async () => {
    await addUsers.save.click();
    await expect(addUsers.added).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      '3 users were added. Each receives an invitation e-mail with a link to set a password.',
    );
    await addUsers.viewUsers.click();
    await expect(page).toHaveURL('/dashboard/users');
    await dashboard.expectTitle('Users');
    await expect(usersList.search).toBeVisible();
  });

  await test.step('searching for their names finds the three of them, once the search has waited 1000 ms', async () => {
    await expect(usersList.rows.first()).toBeVisible();
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/v1/users/department/') && new URL(r.url()).searchParams.get('search') === tag,
    );
    const typedAt = Date.now();
    await usersList.searchFor(tag);
    await searched;
    expect(Date.now() - typedAt, 'the search is sent only after the 1000 ms debounce').toBeGreaterThanOrEqual(1000);
    await expect(usersList.rows).toHaveCount(3);
    for (const person of people) {
      const row = usersList.row(person.name);
      await expect(row).toBeVisible();
      await expect(row).toContainText(person.email);
      await expect(row).toContainText('Staff');
    }
    await expect(usersList.row(invited.name)).toContainText('Finance');
  });

  let link!: URL;
  await test.step('each of them gets an invitation e-mail with a set-password link', async () => {
    for (const person of people.slice(1)) await mailbox.waitForNewMessage(person.email, seen);
    const mail = await mailbox.waitForNewMessage(invited.email, seen);
    link = resetLinkIn(mail);
    expect(link.origin, 'the link points at this server').toBe(new URL(page.url()).origin);
    expect(link.searchParams.get('email')).toBe(invited.email);
  });

  await test.step('the invited user opens the link, sets a password and signs in as staff', async () => {
    await dashboard.logOut();
    await signInPage.expectShown();
    await newPasswordPage.openLink(link);
    await newPasswordPage.choose(password);
    await newPasswordPage.expectSuccess();
    await newPasswordPage.goToLogIn.click();
    await signInPage.signIn(invited.email, password);
    await dashboard.expectTitle('Home');
    await expect(dashboard.main.getByText(invited.name, { exact: true })).toBeVisible();
    await expect(dashboard.mode).toHaveValue('staff');
    await expect(dashboard.menuItems).toHaveText(['Requests', 'Retirements', 'Budget', 'Settings']);
    await expect(dashboard.sideMenu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  });
});

// docs/product-rules.md §CSV uploads and §Phone numbers: the file as Excel saves it on Windows
// ("CSV (Comma delimited)": Windows-1252), with the phones a spreadsheet damages
test('a director uploads an Excel CSV in Windows-1252 with damaged phones: names keep their accents, each bad phone is named in its row', async ({
  page,
  signInPage,
  addUsers,
  usersList,
  userDetail,
}, testInfo) => {
  const tag = uniqueTag();
  const zuhura = `Zuhura Ñandú ${tag}`;
  const rows = [
    // 0712345678 re-saved by a spreadsheet: the leading zero is lost, and restored
    [zuhura, 'Finance', '712345678', `zuhura.${tag}@example.org`],
    // Excel's scientific notation: the last digits are gone
    [`José Mwakyusa ${tag}`, 'it', '2.55712E+11', `jose.${tag}@example.org`],
    // the digits left of it once non-digits are dropped
    [`Renée Kimaro ${tag}`, 'Outreach', '25571211', `renee.${tag}@example.org`],
  ];
  const text = ['name,department,phone,email', ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n';
  // every character here is below U+0100, where Windows-1252 and Latin-1 agree: one byte each
  const bytes = Buffer.from(text, 'latin1');
  expect(bytes.includes(0xd1), 'Ñ is the single byte 0xD1, not valid UTF-8').toBe(true);
  const file = testInfo.outputPath(`excel-${tag}.csv`);
  writeFileSync(file, bytes);

  await test.step('the preview shows the names with their accents and says how the file was read', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    await addUsers.goto();
    await addUsers.multiple.click();
    await addUsers.uploadCsv(file);
    await expect(addUsers.preview(3)).toBeVisible();
    await expect(addUsers.cell(1, 'fullname')).toHaveValue(zuhura);
    await expect(addUsers.cell(2, 'fullname')).toHaveValue(`José Mwakyusa ${tag}`);
    await expect(addUsers.cell(3, 'fullname')).toHaveValue(`Renée Kimaro ${tag}`);
    await expect(
      page.getByRole('main').getByText(/^Read as Windows-1252, the encoding of Excel's "CSV \(Comma delimited\)"/),
    ).toBeVisible();
  });

  await test.step('the lost zero is restored; the damaged phones are named in their rows and Save waits', async () => {
    await expect(addUsers.cell(1, 'phone')).toHaveValue('+255712345678');
    await expect(addUsers.previewRow(1).getByText(/Phone number/)).toHaveCount(0);
    await expect(addUsers.cell(2, 'phone')).toHaveValue('2.55712E+11');
    await expect(
      addUsers
        .previewRow(2)
        .getByText(
          'Phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
          { exact: true },
        ),
    ).toBeVisible();
    await expect(
      addUsers.previewRow(3).getByText('Phone number 25571211 is not a valid mobile number (e.g. 0712 345 678)', { exact: true }),
    ).toBeVisible();
    await expect(addUsers.blocked).toHaveText('Correct the 2 rows marked in red before saving.');
    await expect(addUsers.save).toBeDisabled();
  });

  await test.step('looked at on a desktop and on a phone', async () => {
    await addUsers.previewRow(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('csv-preview-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(addUsers.previewRow(2).getByText(/was damaged by a spreadsheet/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('csv-preview-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('corrected in the preview, the rows save, and the detail shows the number as stored', async () => {
    await addUsers.cell(2, 'phone').fill('0713 000 202');
    await addUsers.cell(3, 'phone').fill('+255 713 000 203');
    await expect(addUsers.cell(3, 'phone')).toHaveValue('+255713000203');
    await expect(addUsers.blocked).toHaveCount(0);
    await addUsers.save.click();
    await expect(addUsers.added).toBeVisible();
    await addUsers.viewUsers.click();
    await usersList.findAndOpen(tag, zuhura);
    await userDetail.expectShown(zuhura);
    await expect(userDetail.field('phone')).toHaveValue('+255 712 345 678');
  });
});

// docs/product-rules.md §Phone numbers: libphonenumber-js and its metadata (~29 KB compressed) come
// with the screens that take a phone, not with the users list, where mf-users starts
test('the phone rules load with the add screen, not with the users list', async ({ page, signInPage, dashboard, usersList, addUsers }) => {
  const scripts: Promise<{ url: string; phone: boolean }>[] = [];
  page.on('response', (response) => {
    if (/\.js(\?|$)/.test(response.url()))
      scripts.push(
        response
          .text()
          .then((text) => ({ url: response.url(), phone: text.includes('country_calling_codes') }))
          // the sign-in page's scripts, gone with the navigation that follows it; it holds no phone rule
          .catch(() => ({ url: response.url(), phone: false })),
      );
  });
  const phoneScripts = async () => (await Promise.all(scripts.splice(0))).filter((s) => s.phone).map((s) => s.url);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.openFromMenu('Users');
  await expect(usersList.rows.first()).toBeVisible();
  expect(await phoneScripts(), 'the users list loads no phone metadata').toEqual([]);

  // within the page, as a person goes: every script of the session stays readable
  await dashboard.newButton.click();
  await expect(addUsers.single).toBeVisible();
  expect(await phoneScripts(), 'the add form loads it').toHaveLength(1);
});

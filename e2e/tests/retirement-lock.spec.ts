// The account lock: an owner whose retirement is more than 30 days overdue is locked by
// the midnight job (run here as operators do, `lock-overdue --at`), sees the docs/screens.md banner and no
// New Requests, still retires, and the lock lifts by itself the moment nothing is overdue.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test, expect } from '../fixtures';
import { RetirementFormPage } from '../pages/retirement-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import {
  apiSignIn,
  approveByChain,
  attachRetirement,
  createUserWithPassword,
  isoDay,
  signedIn,
  submitRequest,
  uniqueTag,
} from '../support/api';
import { testServers } from '../support/env';
import { REPO_ROOT } from '../support/server';

const LOCKED =
  "Your account has been locked due to pending retirement. You can not submit new requests or edit exisiting requests. If this isn't correct, contact your finance officer.";
const PASSWORD = 'field-officer-2026';

/** The midnight job, once, as if at `at`: the operator's command against the test server's data. */
function lockOverdue(at?: Date): string {
  const args = [path.join(REPO_ROOT, 'server', 'dist', 'main.js'), 'lock-overdue', ...(at ? ['--at', at.toISOString()] : [])];
  return execFileSync(process.execPath, args, {
    // the server's APP_URL: the command refuses without one (its mail would link to localhost)
    env: { PATH: process.env.PATH, DATA_DIR: testServers().dataDir, APP_URL: testServers().baseURL, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

test('an overdue owner is locked at midnight, still retires, and the lock lifts at once', async ({ page, api, mailbox, signInPage }) => {
  const tag = uniqueTag();
  const email = `field.${tag}@example.org`;
  try {
    const director = await apiSignIn(api, ACCOUNTS.director, DEMO_PASSWORD);
    await createUserWithPassword(
      api,
      mailbox,
      director,
      { fullname: `Juma Field ${tag}`, department: 'outreach', phone_number: '0755000999', email, role: 'staff', system_role: 'staff' },
      PASSWORD,
    );
    const owner = await apiSignIn(api, email, PASSWORD);
    const finance = await apiSignIn(api, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    const { id } = await submitRequest(api, owner, {
      purpose: 'travel',
      mode_of_service: 'publicTransport',
      name_of_establishment: `Tanga Coach ${tag}`,
      expenditure_date: isoDay(1),
      expenditure_justification: 'Outreach visit',
      amount_requested: 50_000,
      amount_currency: 'tzs',
      budget_code: 5010,
      payment_mode: 'cash',
      tax_status: 'taxInclusive',
      file_paths: [],
    });
    await approveByChain(api, id, [finance, await apiSignIn(api, ACCOUNTS.executiveSecretary, DEMO_PASSWORD)]);
    const retirementId = await attachRetirement(api, finance, id);

    await test.step('40 days on, the job locks the owner; their app shows the banner and hides New Requests', async () => {
      expect(lockOverdue(new Date(Date.now() + 40 * 24 * 60 * 60 * 1000))).toMatch(/[1-9]\d* locked/);
      await signInPage.goto();
      await signInPage.signIn(email, PASSWORD);
      await expect(page.getByRole('alert').filter({ hasText: LOCKED })).toHaveText(LOCKED);
      await expect(page.getByRole('link', { name: /New Requests/ })).toHaveCount(0);
    });

    await test.step('still locked, the owner submits the retirement; the lock lifts and the banner goes without a reload', async () => {
      const form = new RetirementFormPage(page);
      await form.goto(retirementId);
      await expect(form.mode).toHaveAttribute('data-mode', 'edit');
      await form.amount.fill('48000');
      await form.comments.fill('Coach tickets');
      await form.files.setInputFiles({ name: 'tickets.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await expect(page.getByRole('main').getByText('tickets.pdf')).toBeVisible();
      await form.submit.click();
      await expect(form.success('Retirement Request successful!')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: LOCKED })).toHaveCount(0, { timeout: 10_000 });
      const me = await api.get('/api/v1/users/validate-token', { headers: signedIn(owner) });
      expect(((await me.json()) as { user: { is_locked: boolean } }).user.is_locked).toBe(false);
    });
  } finally {
    // Others' retirements may have looked overdue to the job run 40 days ahead: today's run lifts them.
    lockOverdue();
  }
});

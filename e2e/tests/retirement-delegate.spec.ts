// The finance officer away: their delegate (the admin) sees the retirements waiting at the finance
// officer's step marked "for" them in the list, opens one, is offered Accept and Reject "for" the finance officer, accepts, and the step
// says who acted for whom. Photographed at 1280 and 390 px.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import {
  apiSignIn,
  approveByChain,
  attachRetirement,
  currentUser,
  endDelegation,
  signInLoop,
  signedIn,
  startDelegation,
  submitTravelRequest,
  uniqueTag,
  uploadReceipt,
} from '../support/api';
import { photograph } from '../support/screenshots';

test("the finance officer's delegate reviews a retirement for them", async ({ api, signInAs }) => {
  const tag = uniqueTag();
  const { staffToken, officerToken, chain } = await signInLoop(api);
  const requestId = await submitTravelRequest(api, staffToken, `${tag}Moshi`, 80_000, `Fares to Moshi (${tag}).`);
  await approveByChain(api, requestId, chain, 'Fine');
  const id = await attachRetirement(api, officerToken, requestId);
  const sent = await api.post('/api/v1/retirement/user-submit', {
    headers: signedIn(staffToken),
    data: {
      id,
      amount_spent: 80_000,
      amount_currency: 'tzs',
      comments: `Fares (${tag})`,
      file_paths: [await uploadReceipt(api, staffToken)],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const adminToken = await apiSignIn(api, ACCOUNTS.admin, DEMO_PASSWORD);
  const admin = await currentUser(api, adminToken);
  const finance = await currentUser(api, officerToken);
  const delegation = await startDelegation(api, officerToken, admin.id, 1, `Away (${tag})`);
  try {
    const pending = await api.get(`/api/v1/retirement/pending/${admin.system_role}/${admin.id}?limit=100`, {
      headers: signedIn(adminToken),
    });
    const queue = (await pending.json()) as { retirements: Array<{ id: number }> };
    expect(queue.retirements.map((r) => r.id)).toContain(id);

    const { page } = await signInAs(ACCOUNTS.admin);
    await page.goto('/dashboard/retirements');
    const main = page.getByRole('main');
    const row = main.getByRole('row').filter({ hasText: `for ${finance.fullname}` });
    await expect(row.first()).toBeVisible();
    await photograph(page, 'delegate-list');
    await page.goto(`/dashboard/retirements/${id}`);
    await expect(main.getByTestId('acting-for')).toHaveText(`for ${finance.fullname} (Finance Officer)`);
    await expect(main.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await photograph(page, 'delegate-review');
    // on a phone the fixed footer covers the full-page picture's middle: the buttons scrolled to, as a person sees them
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollBy(0, 250));
    await page.screenshot({ path: test.info().outputPath('delegate-review-390-scrolled.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await main.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Retirement Review successful!')).toBeVisible();

    const read = await api.get(`/api/v1/retirement/${id}`, { headers: signedIn(adminToken) });
    const step = ((await read.json()) as { data: { reviews: Array<Record<string, unknown>> } }).data.reviews[0];
    expect(step).toMatchObject({ reviewer_id: admin.id, on_behalf_of_id: finance.id, on_behalf_of_name: finance.fullname });
  } finally {
    await endDelegation(api, officerToken, delegation);
  }
});

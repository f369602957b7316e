// Direct API calls for what a spec sets up or puts back, never for what it asserts.
import { expect, type APIRequestContext } from '@playwright/test';
import { Mailbox, resetLinkIn } from './mailbox';

/** Resets a password through the e-mailed link, as the browser would, without the browser. */
export async function resetPasswordByMail(api: APIRequestContext, mailbox: Mailbox, email: string, password: string): Promise<void> {
  const seen = new Set(mailbox.files());
  const asked = await api.post('/api/v1/forgot-password', { data: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = resetLinkIn(await mailbox.waitForNewMessage(email, seen));
  const done = await api.post('/api/v1/forgot-password/validate', {
    data: { token: link.searchParams.get('token'), email: link.searchParams.get('email'), password },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/** Whether the server still accepts a session token. */
export async function tokenIsAccepted(api: APIRequestContext, token: string): Promise<boolean> {
  const response = await api.get('/api/v1/users/validate-token', { headers: { authorization: `Bearer ${token}`, token } });
  return response.ok();
}

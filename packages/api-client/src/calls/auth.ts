import type { Organization, User } from '@imprest/domain';
import { http } from '../http';

export async function authenticate(body: {
  email: string;
  password: string;
}): Promise<{ token: string; user: User; organization: Organization }> {
  return (await http.post('users/authenticate', body)).data;
}

export async function validateToken(): Promise<{ user: User; organization: Organization }> {
  return (await http.get('users/validate-token')).data;
}

export async function logoutCall(): Promise<void> {
  await http.post('users/logout');
}

/** Ends every session of the signed-in user, this one included; answers how many ended. */
export async function logoutEverywhereCall(): Promise<{ sessions_ended: number }> {
  return (await http.post('users/logout-everywhere')).data;
}

export async function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  return (await http.post('forgot-password', body)).data;
}

export async function resetPassword(body: { token: string; email: string; password: string }): Promise<{ message: string }> {
  return (await http.post('forgot-password/validate', body)).data;
}

/** Confirms a new sign-in address with the token mailed to it; answers the address now in force. */
export async function confirmEmail(body: { token: string }): Promise<{ email: string }> {
  return (await http.post('users/confirm-email', body)).data;
}

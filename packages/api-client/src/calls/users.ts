import type { User, UserInput } from '@imprest/domain';
import type { UserPage } from '@imprest/domain/contract';
import { http } from '../http';
import { withKey, type CreateOptions } from '../idempotency';

/** A person to add (POST users): the six fields of docs/screens.md "Users", as the domain validates them. */
export type NewUser = UserInput;

/** The contract's page of users. */
export type { UserPage };

export interface UserListQuery {
  department: string;
  role: string;
  page: number;
  per_page?: number;
  search?: string;
}

export type UserUpdate = { user_id: number } & Partial<NewUser>;

export async function updateSettings(body: { settings: string; user_id: number }): Promise<{ user: User }> {
  return (await http.put('users/settings', body)).data;
}

export async function createUsers(users: NewUser[], options?: CreateOptions): Promise<{ users: User[] }> {
  return (await http.post('users', users, withKey(options))).data;
}

export async function listUsers({ department, role, ...query }: UserListQuery): Promise<UserPage> {
  const path = `users/department/${encodeURIComponent(department)}/${encodeURIComponent(role)}`;
  return (await http.get(path, { params: { ...query, search: query.search || undefined } })).data;
}

export async function getUser(id: number): Promise<{ user: User }> {
  return (await http.get(`users/${id}`)).data;
}

/** `pending_email`: a new e-mail waits for the confirmation link sent to it; the old one signs in until then. */
export async function updateUser(body: UserUpdate): Promise<{ user: User; pending_email?: string }> {
  return (await http.put('users', body)).data;
}

export async function deleteUser(id: number): Promise<void> {
  await http.delete(`users/${id}`);
}

export async function restrictUser(body: { user_id: number; lock_status: boolean }): Promise<{ user: User }> {
  return (await http.post('users/restrict', body)).data;
}

import type { User } from '@imprest/domain';
import { http } from '../http';

export async function updateSettings(body: { settings: string; user_id: number }): Promise<{ user: User }> {
  return (await http.put('users/settings', body)).data;
}

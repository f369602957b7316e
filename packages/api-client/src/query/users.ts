import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createUsers,
  deleteUser,
  getUser,
  listUsers,
  restrictUser,
  updateUser,
  type NewUser,
  type UserListQuery,
  type UserUpdate,
} from '@imprest/api-client';
import { useInvalidatingMutation, type WithKey } from './mutation';

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function useUserList(query: UserListQuery) {
  return useQuery({ queryKey: userKeys.list(query), queryFn: () => listUsers(query), placeholderData: keepPreviousData });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: () => getUser(id).then((r) => r.user),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every user mutation refreshes the lists and the record it touched before it settles. */
const useUserMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useInvalidatingMutation([userKeys.all], mutationFn, { awaitRefetch: true });

export const useCreateUsers = () => useUserMutation(({ body, options }: WithKey<NewUser[]>) => createUsers(body, options));
export const useUpdateUser = () => useUserMutation((body: UserUpdate) => updateUser(body));
export const useDeleteUser = () => useUserMutation((id: number) => deleteUser(id));
export const useRestrictUser = () => useUserMutation((body: { user_id: number; lock_status: boolean }) => restrictUser(body));

import { type RouteInput, usersApi } from '@quotewright/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../../../app/providers/currentUser';
import { call } from '../../../lib/api';
import type { User } from '../../../lib/types';

export const usersQueryKey = ['users'] as const;

export type NewUser = RouteInput<typeof usersApi.create>['body'];
export type UserChanges = RouteInput<typeof usersApi.update>['body'];

export function useUsers() {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => call(usersApi.list, {}, { signal }),
  });
}

function putUser(queryClient: QueryClient, user: User) {
  queryClient.setQueryData<User[]>(usersQueryKey, (list) => {
    if (!list) return [user];
    return list.some((u) => u._id === user._id) ? list.map((u) => (u._id === user._id ? user : u)) : [...list, user];
  });
  // The shell reads the signed-in user from its own query: keep it in step when admins edit themselves.
  if (queryClient.getQueryData(userQueryKey(user._id))) queryClient.setQueryData(userQueryKey(user._id), user);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => call(usersApi.create, { body }),
    onSuccess: (user) => putUser(queryClient, user),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserChanges }) =>
      call(usersApi.update, { params: { id }, body: changes }),
    onSuccess: (user) => putUser(queryClient, user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(usersApi.remove, { params: { id } }),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<User[]>(usersQueryKey, (list) => list?.filter((u) => u._id !== id));
    },
  });
}

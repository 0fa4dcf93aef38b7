import type { Modules } from '@quotewright/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../../../app/providers/currentUser';
import { api } from '../../../lib/api';
import type { User } from '../../../lib/types';

export const usersQueryKey = ['users'] as const;

export interface NewUser {
  name: string;
  email: string;
  password: string;
  isAdmin: boolean;
  modules?: Modules;
}

export interface UserChanges {
  name?: string;
  email?: string;
  isAdmin?: boolean;
  modules?: Modules;
  password?: string;
}

export function useUsers() {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => api.get<User[]>('/users', { signal }),
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
    mutationFn: (body: NewUser) => api.post<User>('/users', body),
    onSuccess: (user) => putUser(queryClient, user),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserChanges }) =>
      api.post<User>(`/users/${encodeURIComponent(id)}`, changes),
    onSuccess: (user) => putUser(queryClient, user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/users/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<User[]>(usersQueryKey, (list) => list?.filter((u) => u._id !== id));
    },
  });
}

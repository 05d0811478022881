import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, modulesApi, securityApi, type EndpointInput } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

type Body<E extends Parameters<typeof callApi>[0]> = NonNullable<EndpointInput<E>['body']>;
export type RegisterUserBody = Body<typeof securityApi.registerUser>;
export type UpdateUserBody = Body<typeof securityApi.updateUser>;
export type GroupBody = Body<typeof securityApi.createGroup>;

const USERS_KEY = ['security', 'users'] as const;
const GROUPS_KEY = ['security', 'groups'] as const;

export function useUsers() {
  return useQuery({ queryKey: USERS_KEY, queryFn: () => callApi(securityApi.listUsers) });
}

export function useGroups() {
  return useQuery({ queryKey: GROUPS_KEY, queryFn: () => callApi(securityApi.listGroups) });
}

export function useCustomers(enabled: boolean) {
  return useQuery({
    queryKey: ['security', 'customers'],
    queryFn: () => callApi(securityApi.listCustomers),
    enabled,
    staleTime: 60_000,
  });
}

export function useCustomerProjects(customerId: number | undefined) {
  return useQuery({
    queryKey: ['security', 'customer-projects', customerId],
    queryFn: () => callApi(securityApi.customerProjects, { params: { customerId: customerId ?? 0 } }),
    enabled: customerId !== undefined,
    staleTime: 60_000,
  });
}

export function useModules() {
  return useQuery({ queryKey: ['modules'], queryFn: () => callApi(modulesApi.list), staleTime: 300_000 });
}

/** Mutations refresh both lists: a user's group and a group's users change together. */
function useRefreshLists() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: USERS_KEY });
    void client.invalidateQueries({ queryKey: GROUPS_KEY });
  };
}

export function useRegisterUser() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: RegisterUserBody) => callApi(securityApi.registerUser, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateUser() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) =>
      callApi(securityApi.updateUser, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useToggleUserStatus() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => callApi(securityApi.toggleUserStatus, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (email: string) => callApi(authApi.recover, { body: { email } }) });
}

export function useSaveGroup() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupBody }) =>
      id === null
        ? callApi(securityApi.createGroup, { body })
        : callApi(securityApi.updateGroup, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteGroup() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => callApi(securityApi.deleteGroup, { params: { id } }),
    onSuccess: refresh,
  });
}

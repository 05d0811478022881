import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi, type EndpointInput } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { useSession } from '../../shared/session/SessionContext';

type Body<E extends Parameters<typeof callApi>[0]> = NonNullable<EndpointInput<E>['body']>;

export function useLogin() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => callApi(authApi.login, { body }),
    onSuccess: signIn,
  });
}

export function useRecoverAccount() {
  return useMutation({
    mutationFn: (email: string) => callApi(authApi.recover, { body: { email } }),
  });
}

export function usePasswordTokenValidation(passwordToken: string | null) {
  return useQuery({
    queryKey: ['password-token', passwordToken],
    queryFn: () => callApi(authApi.validatePasswordToken, { body: { password_token: passwordToken ?? '' } }),
    enabled: Boolean(passwordToken),
    retry: false,
    staleTime: Infinity,
  });
}

export function useSetPassword() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: Body<typeof authApi.setPassword>) => callApi(authApi.setPassword, { body }),
    onSuccess: signIn,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: Body<typeof authApi.changePassword>) => callApi(authApi.changePassword, { body }),
  });
}

/** The states and transitions: logout revokes the session on the server, then clears local and session storage and goes to '/'. */
export function useLogout() {
  const { endSession } = useSession();
  return useMutation({
    mutationFn: () => callApi(authApi.logout),
    onSettled: endSession,
  });
}

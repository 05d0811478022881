import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, authApi, type Credentials } from '@mirante/shared';
import { callApi } from '../api/callApi';
import { isApiError } from '../api/ApiError';
import { onSessionFailure } from '../api/sessionFailure';
import { clearAllStorage, storeCredentials, storeInactiveNotice } from './credentialsStorage';
import { SessionContext, type SessionContextValue } from './SessionContext';
import { initialSession } from './initialSession';
import { useFeedback } from '../feedback/useFeedback';

/** The business limits: the session-loss redirect waits 1 s so the user can read why. */
const SESSION_LOSS_REDIRECT_MS = 1000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [boot] = useState(initialSession);
  const [credentials, setCredentials] = useState<Credentials | null>(boot.credentials);
  const [signingInByToken, setSigningInByToken] = useState(boot.mode === 'token');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useFeedback();
  const booted = useRef(false);

  const signIn = useCallback((next: Credentials) => {
    storeCredentials(next);
    setCredentials(next);
  }, []);

  const endSession = useCallback(() => {
    clearAllStorage();
    queryClient.clear();
    // The router applies navigations as transitions; doing the same here lets both land in one render, so the
    // session guard never sees "no credentials" on the old page (which would remember it as the return path).
    startTransition(() => {
      setCredentials(null);
      navigate('/', { replace: true });
    });
  }, [navigate, queryClient]);

  useEffect(() => {
    onSessionFailure((failure) => {
      if (failure === 'expired') {
        endSession();
        return;
      }
      clearAllStorage();
      storeInactiveNotice(MESSAGES.inactiveAccountNotice);
      void message.error(MESSAGES.inactiveUser);
      window.setTimeout(() => {
        storeInactiveNotice(MESSAGES.inactiveAccountNotice);
        queryClient.clear();
        startTransition(() => {
          setCredentials(null);
          navigate('/', { replace: true });
        });
      }, SESSION_LOSS_REDIRECT_MS);
    });
    return () => onSessionFailure(null);
  }, [endSession, message, navigate, queryClient]);

  useEffect(() => {
    if (booted.current) return;
    booted.current = true;
    if (boot.mode === 'token' && boot.token) {
      callApi(authApi.login, { body: { token: boot.token } })
        .then(signIn)
        .catch((error: unknown) => {
          clearAllStorage();
          setTokenError(isApiError(error) ? error.message : MESSAGES.defaultRequestError);
        })
        .finally(() => setSigningInByToken(false));
    } else if (boot.mode === 'restore' && boot.credentials) {
      const token = boot.credentials.api_token;
      // Refreshes role and modules; a 401/403 is handled by the session-failure listener.
      callApi(authApi.restoreSession)
        .then((fresh) => signIn({ ...fresh, api_token: fresh.api_token || token }))
        .catch(() => undefined);
    }
  }, [boot, signIn]);

  const value = useMemo<SessionContextValue>(
    () => ({ credentials, signingInByToken, tokenError, signIn, endSession }),
    [credentials, signingInByToken, tokenError, signIn, endSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

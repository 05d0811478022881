import { createContext, useContext } from 'react';
import type { Credentials } from '@mirante/shared';

export interface SessionContextValue {
  /** Null when nobody is signed in. */
  credentials: Credentials | null;
  /** True while a `?token=` sign-in is running. */
  signingInByToken: boolean;
  /** The error of a failed token sign-in, shown by the landing page. */
  tokenError: string | null;
  signIn(credentials: Credentials): void;
  /** Clears storage and cached data and goes to the landing page. */
  endSession(): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession fora do SessionProvider');
  return value;
}

/** For pages under /page, where the guard guarantees a session. */
export function useCredentials(): Credentials {
  const { credentials } = useSession();
  if (!credentials) throw new Error('Sessão ausente');
  return credentials;
}

import { SESSION_STORAGE_KEY, type Credentials } from '@mirante/shared';
import { readStoredCredentials } from './credentialsStorage';

export type BootMode = 'token' | 'restore' | 'none';

export interface InitialSession {
  mode: BootMode;
  token: string | null;
  credentials: Credentials | null;
}

/** Entry and navigation/3: a `?token=` signs in by token; else stored credentials, unless they came from a token. */
export function initialSession(location: Location = window.location): InitialSession {
  const stored = readStoredCredentials();
  if (location.pathname.startsWith('/auth/pass')) return { mode: 'none', token: null, credentials: stored };
  const token = new URLSearchParams(location.search).get('token');
  if (token) return { mode: 'token', token, credentials: null };
  if (stored?.from_token) {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    sessionStorage.removeItem(SESSION_STORAGE_KEY);
    return { mode: 'none', token: null, credentials: null };
  }
  return { mode: stored ? 'restore' : 'none', token: null, credentials: stored };
}

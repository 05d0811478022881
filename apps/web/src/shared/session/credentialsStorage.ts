import {
  INACTIVE_NOTICE_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  credentialsSchema,
  type Credentials,
} from '@mirante/shared';

/** Credentials live in both local and session storage; local wins when both exist. */
export function readStoredCredentials(): Credentials | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY) ?? sessionStorage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = credentialsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeCredentials(credentials: Credentials): void {
  const raw = JSON.stringify(credentials);
  localStorage.setItem(SESSION_STORAGE_KEY, raw);
  sessionStorage.setItem(SESSION_STORAGE_KEY, raw);
}

/** The states and transitions: logging out or losing the session clears local and session storage. */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}

export function storeInactiveNotice(notice: string): void {
  localStorage.setItem(INACTIVE_NOTICE_STORAGE_KEY, notice);
}

/** What callApi reports when an authenticated call shows the session is gone (401) or the user inactive (403). */
export type SessionFailure = 'expired' | 'inactive';

type Listener = (failure: SessionFailure) => void;

let listener: Listener | null = null;

/** The session provider registers the one handler; callApi notifies it. */
export function onSessionFailure(next: Listener | null): void {
  listener = next;
}

export function reportSessionFailure(failure: SessionFailure): void {
  listener?.(failure);
}

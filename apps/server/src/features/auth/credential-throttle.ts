import { AppError } from '../../http/app-error';

/** How often one client may try a credential per minute; `perMinute` is `LOGIN_RATE_LIMIT`. */
export interface ThrottleLimits {
  perMinute: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Recovery e-mails one address receives per hour, whatever the senders: a mailbox is not to be flooded. */
const RECOVERY_MAILS_PER_HOUR = 5;
// One person at one address gets `perMinute` tries; a subject (an e-mail, a token) is tried from a few
// addresses at most, so it gets 3×; an address is shared by an office behind NAT, so it gets 10×.
const SUBJECT_FACTOR = 3;
const ADDRESS_FACTOR = 10;
const MAX_KEYS = 100_000;

function tooManyAttempts(): AppError {
  return new AppError(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um minuto e tente novamente.');
}

/**
 * Fixed windows of `windowMs` per key, in this process's memory (with CLUSTER_WORKERS each process counts
 * on its own, so the effective limits are that many times higher).
 */
function windowCounter(windowMs: number) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    /** Counts one attempt for `key` and tells whether it is still within `max`. */
    hit(key: string, max: number, now: number): boolean {
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (windows.size >= MAX_KEYS) windows.clear();
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= max;
    },
  };
}

/**
 * Throttles credential calls (sign-in, recovery, password change, token validation) in three buckets:
 * address+subject, subject and address. An attempt refused by the first does not count against the other
 * two, so somebody hammering one account from an office does not lock the office out.
 */
export function createCredentialThrottle(limits: ThrottleLimits) {
  const counter = windowCounter(MINUTE_MS);
  const mailCounter = windowCounter(HOUR_MS);

  /** Throws 429 when `address` (the client IP) or `subject` (e-mail or token) tried too often. */
  function check(address: string, subject: string): void {
    const now = Date.now();
    const normalized = subject.trim().toLowerCase();
    if (!counter.hit(`pair|${address}|${normalized}`, limits.perMinute, now)) throw tooManyAttempts();
    const subjectAllowed = counter.hit(`subject|${normalized}`, limits.perMinute * SUBJECT_FACTOR, now);
    const addressAllowed = counter.hit(`address|${address}`, limits.perMinute * ADDRESS_FACTOR, now);
    if (!subjectAllowed || !addressAllowed) throw tooManyAttempts();
  }

  return {
    check,
    /** `check`, and at most RECOVERY_MAILS_PER_HOUR recovery e-mails to one address per hour. */
    checkRecovery(address: string, email: string): void {
      check(address, email);
      if (!mailCounter.hit(email.trim().toLowerCase(), RECOVERY_MAILS_PER_HOUR, Date.now())) {
        throw tooManyAttempts();
      }
    },
  };
}

export type CredentialThrottle = ReturnType<typeof createCredentialThrottle>;

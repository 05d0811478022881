import { createHash } from 'node:crypto';
import { SHARE_MESSAGES } from '@mirante/shared';
import { AppError } from '../../http/app-error';
import { throttleAddress } from './client-address';
import type { BucketHit, CredentialThrottleRepo } from './credential-throttle.repo';

export interface CredentialThrottleOptions {
  /** `LOGIN_RATE_LIMIT`: tries per minute of one client (address) on one subject. */
  perMinute: number;
  /** Milliseconds since the epoch; default `Date.now`. */
  clock?: () => number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Recovery e-mails one address receives per hour, whatever the senders: a mailbox is not to be flooded. */
const RECOVERY_MAILS_PER_HOUR = 5;
// One person at one address gets `perMinute` tries; a subject (an e-mail, a token) is tried from a few
// addresses at most, so it gets 3×; an address is shared by an office behind NAT, so it gets 10×.
const SUBJECT_FACTOR = 3;
const ADDRESS_FACTOR = 10;
/** How long an address a user signed in from stays his own for the account's bucket. */
const RECENT_SIGN_IN_DAYS = 30;
/**
 * Tiles of shared views one address may fetch a minute: a map asks about twenty a move, a comparison twice that;
 * this is several people behind one office address panning at once, and far below a scraper's pace.
 */
const SHARED_TILES_PER_MINUTE = 3000;
/**
 * Openings of shared views one address may make a minute, for all links: a link is forwarded around an office
 * and reopened on every visit, so this is far above `LOGIN_RATE_LIMIT`; guessing passwords has its own bucket.
 */
const SHARED_VIEWS_PER_MINUTE = 120;
/** Wrong passwords one address may try on one link per window, and that window. */
const SHARED_PASSWORD_MISSES = 10;
const SHARED_PASSWORD_WINDOW_MS = 15 * MINUTE_MS;

function tooManyAttempts(): AppError {
  return new AppError(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um minuto e tente novamente.');
}

/** The stored key of a bucket: a hash, so that no e-mail or token is kept in clear in the counters. */
const bucketKey = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url');

/**
 * Throttles credential calls (sign-in, recovery, password change, password and access token checks) with
 * counters in PostgreSQL, so every API process on the database counts against the same limits. Each call
 * counts in three one-minute buckets: address+subject (`perMinute`), subject (3×) and address (10×). A call
 * refused by the first does not count against the other two, so one person hammering his own account from an
 * office does not lock the office out.
 *
 * An account's bucket (its e-mail) is a soft lock-out: it counts and refuses unknown addresses only. The
 * addresses the user signed in from with his password or an e-mailed password link in the last 30 days are
 * left out of it (their own address+subject and address buckets still hold), and asking for a recovery e-mail
 * has a bucket of its own, so somebody guessing a password slows himself down, not the account's owner.
 */
export function createCredentialThrottle(repo: CredentialThrottleRepo, options: CredentialThrottleOptions) {
  const clock = options.clock ?? Date.now;
  const perMinute = options.perMinute;
  let lastSweep = -Infinity;

  /** Once a minute per process, ended windows and forgotten addresses are deleted (in the background). */
  function sweepNow(now: number): void {
    if (now - lastSweep < MINUTE_MS) return;
    lastSweep = now;
    // A failed sweep is retried a minute later; the counters never depend on it (an ended window restarts).
    repo.sweep(new Date(now), new Date(now - RECENT_SIGN_IN_DAYS * DAY_MS)).catch(() => undefined);
  }

  /**
   * Counts one attempt of `ip` on `subject` and throws 429 when a bucket is full. `account`: the e-mail whose
   * account the subject is; an address the account's owner recently signed in from is not counted in, nor
   * refused by, the subject's bucket.
   */
  async function attempt(ip: string, subject: string, account?: string): Promise<void> {
    const now = clock();
    sweepNow(now);
    const at = new Date(now);
    const minuteEnd = new Date(now + MINUTE_MS);
    const address = throttleAddress(ip);
    const pair = bucketKey('pair', address, subject);
    const since = new Date(now - RECENT_SIGN_IN_DAYS * DAY_MS);
    const [pairCounts, ownersAddress] = await Promise.all([
      repo.hit([{ key: pair, windowEndsAt: minuteEnd }], at),
      account === undefined ? false : repo.isRecentAddressOf(account, address, since),
    ]);
    if ((pairCounts.get(pair) ?? 0) > perMinute) throw tooManyAttempts();

    const subjectKey = bucketKey('subject', subject);
    const addressKey = bucketKey('address', address);
    const buckets: BucketHit[] = [{ key: addressKey, windowEndsAt: minuteEnd }];
    if (!ownersAddress) buckets.push({ key: subjectKey, windowEndsAt: minuteEnd });
    const counts = await repo.hit(buckets, at);
    if ((counts.get(addressKey) ?? 0) > perMinute * ADDRESS_FACTOR) throw tooManyAttempts();
    if ((counts.get(subjectKey) ?? 0) > perMinute * SUBJECT_FACTOR) throw tooManyAttempts();
  }

  const normalized = (email: string) => email.trim().toLowerCase();

  return {
    /** Sign-in by password and password change of the account with this e-mail. */
    checkPassword(ip: string, email: string): Promise<void> {
      return attempt(ip, `account:${normalized(email)}`, email);
    },

    /** A token tried: an access token ("entrar por token") or a password-definition token. */
    checkToken(ip: string, kind: 'access-token' | 'password-token', token: string): Promise<void> {
      return attempt(ip, `${kind}:${token}`);
    },

    /** A shared view opened: one bucket per address, for all links. */
    async checkSharedView(ip: string): Promise<void> {
      const now = clock();
      sweepNow(now);
      const key = bucketKey('shared-views', throttleAddress(ip));
      const counts = await repo.hit([{ key, windowEndsAt: new Date(now + MINUTE_MS) }], new Date(now));
      if ((counts.get(key) ?? 0) > SHARED_VIEWS_PER_MINUTE) throw tooManyAttempts();
    },

    /**
     * A share link's password about to be checked: refused (429) once this address got it wrong
     * SHARED_PASSWORD_MISSES times on this link in the window; `wrong` counts a miss.
     */
    sharedPassword(ip: string, token: string) {
      const key = bucketKey('shared-password', throttleAddress(ip), token);
      return {
        async check(): Promise<void> {
          if ((await repo.count(key, new Date(clock()))) >= SHARED_PASSWORD_MISSES)
            throw new AppError(429, 'RATE_LIMITED', SHARE_MESSAGES.passwordLocked);
        },
        async wrong(): Promise<void> {
          const now = clock();
          await repo.hit([{ key, windowEndsAt: new Date(now + SHARED_PASSWORD_WINDOW_MS) }], new Date(now));
        },
      };
    },

    /** A tile of a shared view: one bucket per address, for all links. */
    async checkSharedTiles(ip: string): Promise<void> {
      const now = clock();
      sweepNow(now);
      const key = bucketKey('shared-tiles', throttleAddress(ip));
      const counts = await repo.hit([{ key, windowEndsAt: new Date(now + MINUTE_MS) }], new Date(now));
      if ((counts.get(key) ?? 0) > SHARED_TILES_PER_MINUTE) throw tooManyAttempts();
    },

    /** A recovery e-mail asked for, and at most RECOVERY_MAILS_PER_HOUR of them to one address per hour. */
    async checkRecovery(ip: string, email: string): Promise<void> {
      await attempt(ip, `recovery:${normalized(email)}`, email);
      const now = clock();
      const mails = bucketKey('recovery-mails', normalized(email));
      const sent = await repo.hit([{ key: mails, windowEndsAt: new Date(now + HOUR_MS) }], new Date(now));
      if ((sent.get(mails) ?? 0) > RECOVERY_MAILS_PER_HOUR) throw tooManyAttempts();
    },

    /** The user proved who he is from `ip` (his password, an e-mailed password link): it is his address now. */
    rememberSignIn(ip: string, userId: number): Promise<void> {
      return repo.rememberAddress(userId, throttleAddress(ip), new Date(clock()));
    },
  };
}

export type CredentialThrottle = ReturnType<typeof createCredentialThrottle>;

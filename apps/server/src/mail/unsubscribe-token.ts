import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../server-secret';

export interface SignedUnsubscribe {
  /** A token that stops one kind of e-mail about `targetId` for one user; it does not expire (one click, any time). */
  sign(userId: number, targetId: number): string;
  /** The user and target of a token this server signed for this purpose, or null. */
  verify(token: string): { userId: number; targetId: number } | null;
}

/**
 * Unsubscribe links signed with the server's secret, with a key derived for `purpose` only: a token of one kind
 * of e-mail (alerts of a project, a scheduled report) stops nothing else.
 */
export function createSignedUnsubscribe(secret: Buffer, purpose: string): SignedUnsubscribe {
  const key = deriveKey(secret, purpose);
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(userId, targetId) {
      const payload = `${userId}.${targetId}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token) {
      const match = /^(\d{1,10})\.(\d{1,10})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(mac(`${match[1]}.${match[2]}`));
      const given = Buffer.from(match[3]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { userId: Number(match[1]), targetId: Number(match[2]) };
    },
  };
}

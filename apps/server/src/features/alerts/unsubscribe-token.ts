import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../server-secret';

export interface UnsubscribeTokens {
  /** A token that stops the alert e-mails of one project for one user; it does not expire (one click, any time). */
  sign(userId: number, projectId: number): string;
  /** The user and project of a token this server signed, or null. */
  verify(token: string): { userId: number; projectId: number } | null;
}

/** Unsubscribe links signed with the server's secret (a key derived for this purpose only). */
export function createUnsubscribeTokens(secret: Buffer): UnsubscribeTokens {
  const key = deriveKey(secret, 'alert-unsubscribe');
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(userId, projectId) {
      const payload = `${userId}.${projectId}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token) {
      const match = /^(\d{1,10})\.(\d{1,10})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(mac(`${match[1]}.${match[2]}`));
      const given = Buffer.from(match[3]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { userId: Number(match[1]), projectId: Number(match[2]) };
    },
  };
}

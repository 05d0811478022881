import { createSignedUnsubscribe } from '../../mail/unsubscribe-token';

export interface UnsubscribeTokens {
  /** A token that stops the alert e-mails of one project for one user; it does not expire (one click, any time). */
  sign(userId: number, projectId: number): string;
  /** The user and project of a token this server signed, or null. */
  verify(token: string): { userId: number; projectId: number } | null;
}

/** Unsubscribe links of the alert e-mails, signed with the server's secret. */
export function createUnsubscribeTokens(secret: Buffer): UnsubscribeTokens {
  const signed = createSignedUnsubscribe(secret, 'alert-unsubscribe');
  return {
    sign: (userId, projectId) => signed.sign(userId, projectId),
    verify(token) {
      const target = signed.verify(token);
      return target && { userId: target.userId, projectId: target.targetId };
    },
  };
}

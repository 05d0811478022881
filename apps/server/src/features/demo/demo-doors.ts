import type { Db } from '../../db/database';
import { hashToken, verifyPassword } from '../auth';
import { DEMO_ACCESS_TOKEN, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { createDemoRepo } from './demo.repo';

export interface ClosedDemoDoors {
  /** E-mails of the demo accounts whose known password was taken away. */
  accounts: string[];
  /** Whether the demo's sign-in link was live and is now revoked. */
  link: boolean;
}

/**
 * A real install has no door the README documents, whatever database it was given (one that once held the demo
 * included): every demo account still opened by the published password loses it (and its sessions and sign-in
 * links), and the demo's sign-in link is revoked. Accounts whose password was changed are real ones and are
 * left alone.
 */
export async function closeDemoDoors(db: Db): Promise<ClosedDemoDoors> {
  return db.transaction().execute(async (trx) => {
    const repo = createDemoRepo(trx);
    const link = await repo.revokeAccessTokenByHash(hashToken(DEMO_ACCESS_TOKEN));
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const accounts: string[] = [];
    for (const user of await repo.usersWithPassword(emails)) {
      if (!(await verifyPassword(user.passwordHash, DEMO_PASSWORD))) continue;
      await repo.lockOut(user.id);
      accounts.push(user.email);
    }
    return { accounts, link };
  });
}

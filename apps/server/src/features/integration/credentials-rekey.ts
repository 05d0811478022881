import type { Db } from '../../db/database';
import { installationMarkersFor } from '../installation';
import { createCredentialsCipher, type CredentialsCipher } from './credentials-cipher';
import { createIntegrationRepo } from './integration.repo';

export interface RekeyKeys {
  /** The server's secret: what every credential set ends encrypted with. */
  current: Buffer;
  /** Keys being rotated out (`INTEGRATION_KEY_PREVIOUS`): tried on every start while they are set. */
  previous: Buffer[];
  /** The path-derived key of earlier releases: tried on one start only, then never again. */
  legacyPathKey: Buffer | null;
}

export interface RekeyReport {
  /** Credential sets read with an old key and encrypted again with the current one. */
  reencrypted: number;
  /** Credential sets no key reads (they must be saved again in the ERP wizard). */
  unreadable: number;
}

const PATH_KEY_MARKER = 'credentials-path-key-upgraded';

function readable(cipher: CredentialsCipher, stored: Buffer, context: string): unknown {
  try {
    return cipher.decrypt<unknown>(stored, context);
  } catch {
    return undefined;
  }
}

/**
 * Encrypts again with the current key every saved ERP credential set that only an old key reads, all in one
 * transaction: either every set moves to the current key or none does (a failure leaves the old ciphertext,
 * and the next start tries again). The path-derived key of earlier releases is tried until its pass commits,
 * then recorded as done, so it is never used again.
 */
export async function reencryptCredentials(db: Db, keys: RekeyKeys): Promise<RekeyReport> {
  return db.transaction().execute(async (trx) => {
    const markers = installationMarkersFor(trx);
    const pathKeyPending = keys.legacyPathKey !== null && !(await markers.has(PATH_KEY_MARKER));
    const old = [...keys.previous, ...(pathKeyPending && keys.legacyPathKey ? [keys.legacyPathKey] : [])]
      .filter((key) => !key.equals(keys.current))
      .map(createCredentialsCipher);
    const report: RekeyReport = { reencrypted: 0, unreadable: 0 };
    if (old.length === 0) return report;
    const current = createCredentialsCipher(keys.current);
    const repo = createIntegrationRepo(trx);
    for (const row of await repo.credentialsForRekey()) {
      const context = `${row.customerId}:${row.erp}`;
      if (readable(current, row.credentials, context) !== undefined) continue;
      const plain = old
        .map((cipher) => readable(cipher, row.credentials, context))
        .find((p) => p !== undefined);
      if (plain === undefined) {
        report.unreadable++;
        continue;
      }
      await repo.replaceCredentialsCiphertext(row.customerId, row.erp, current.encrypt(plain, context));
      report.reencrypted++;
    }
    if (pathKeyPending) await markers.record(PATH_KEY_MARKER);
    return report;
  });
}

import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Storage } from './storage';

/**
 * Files are stored before the row that names them, and removed again only when that row certainly was not
 * written: the database refused it (an SQL error rolls the transaction back) or it was never sent. When the
 * database went away during the write, the COMMIT may have gone through without its answer, so the files stay;
 * the orphan sweep (orphan-files.ts) removes them later only if no committed row names them.
 */
export async function discardUnlessMaybeCommitted(
  storage: Storage,
  prefix: string,
  error: unknown,
): Promise<void> {
  if (isDatabaseUnavailable(error)) return;
  await storage.deletePrefix(prefix).catch(() => undefined);
}

import path from 'node:path';
import type { AppConfig } from './config';
import { createDb, type Db } from './db/database';
import { surviveDatabaseLoss } from './db/database-unavailable';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { migrate } from './db/migrate';
import { recomputePlanarAreas } from './startup/planar-areas';
import { reencryptCredentials } from './features/integration';
import { createMailer } from './mail/mailer';
import { createLocalStorage } from './storage/local-storage';
import { createS3Storage } from './storage/s3-storage';
import { sweepScratch } from './storage/scratch';
import { lockDataDir } from './startup/data-dir-lock';
import type { Infrastructure } from './services';

export interface RunningInfrastructure extends Infrastructure {
  connectionString: string;
  close(): Promise<void>;
}

/**
 * Database (embedded unless DATABASE_URL is set, migrated), mailer and storage for a process. A process that runs
 * the embedded PostgreSQL first takes its data folder (refused when a running instance holds it); `beforeDatabase`
 * then runs before anything starts (the HTTP process checks its port there).
 */
export async function startInfrastructure(
  config: AppConfig,
  log: (m: string) => void,
  options: { beforeDatabase?: () => Promise<void> } = {},
): Promise<RunningInfrastructure> {
  if (!config.databaseUrl) await lockDataDir(config.dataDir);
  await options.beforeDatabase?.();
  surviveDatabaseLoss(log);
  const swept = await sweepScratch(true);
  if (swept > 0)
    log(`${swept} pasta(s) temporária(s) de envios ou processamentos interrompidos removida(s).`);
  let connectionString = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!connectionString) {
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPostgresPort,
      database: config.embeddedDatabaseName,
      log,
    });
    connectionString = embedded.connectionString;
    stopEmbedded = embedded.stop;
  }
  const applied = await migrate(connectionString);
  if (applied.length > 0) log(`Migrações aplicadas: ${applied.join(', ')}`);
  const db: Db = createDb(connectionString);
  const remeasured = await recomputePlanarAreas(db);
  if (remeasured > 0)
    log(`${remeasured} área(s) e comprimento(s) recalculado(s) no plano SIRGAS 2000 / UTM.`);
  if (config.integrationKey) {
    const rekey = await reencryptCredentials(db, {
      current: config.integrationKey,
      previous: config.previousIntegrationKeys,
      legacyPathKey: config.legacyIntegrationKey,
    });
    if (rekey.reencrypted > 0)
      log(
        `${rekey.reencrypted} credencial(is) de ERP criptografada(s) de novo com a chave atual do servidor.`,
      );
    if (rekey.unreadable > 0)
      log(
        `${rekey.unreadable} credencial(is) de ERP não pôde(puderam) ser lida(s) com nenhuma chave conhecida: ` +
          'salve-as de novo em Integração.',
      );
  }
  return {
    config,
    db,
    connectionString,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
    }),
    storage: config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.storageDir),
    async close() {
      await db.destroy();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}

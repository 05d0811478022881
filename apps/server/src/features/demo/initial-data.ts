import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { createFirstAdmin, hasAnyUser } from '../auth';
import { loadDemoLayers } from './demo-layers.loader';
import { loadDemoPortfolio } from './demo-portfolio.loader';
import { renewDemoAccessToken, seedDemoData } from './demo.seed';
import { layerImportServiceFor } from '../layers';

export interface InitialDataDeps {
  db: Db;
  config: Pick<AppConfig, 'loadDemoData' | 'adminEmail' | 'accessTokenTtlDays'>;
  sendDefinitionEmail(userId: number): Promise<void>;
  log(message: string): void;
}

/**
 * What an empty database gets on start: the demo where it is wanted (see `config.loadDemoData`), else a first
 * ADMIN from `ADMIN_EMAIL`, who receives the password-definition e-mail.
 */
export async function loadInitialData({
  db,
  config,
  sendDefinitionEmail,
  log,
}: InitialDataDeps): Promise<void> {
  if (config.loadDemoData) {
    if (await seedDemoData(db, config.accessTokenTtlDays)) log('Dados de demonstração carregados.');
    await renewDemoAccessToken(db, config.accessTokenTtlDays);
    const count = await loadDemoLayers(db, layerImportServiceFor(db));
    if (count > 0) log(`${count} camadas de demonstração carregadas.`);
    const sales = await loadDemoPortfolio(db);
    if (sales > 0) log(`Carteira de demonstração carregada (${sales} lotes).`);
    return;
  }
  if (!config.adminEmail) {
    if (!(await hasAnyUser(db)))
      log('Banco sem usuários: defina ADMIN_EMAIL para criar o primeiro administrador.');
    return;
  }
  const adminId = await createFirstAdmin(db, config.adminEmail);
  if (adminId === null) return;
  await sendDefinitionEmail(adminId);
  log(`Administrador ${config.adminEmail} criado; o e-mail de definição de senha foi enviado.`);
}

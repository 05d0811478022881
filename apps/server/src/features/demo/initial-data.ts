import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { createFirstAdmin, hasAnyUser } from '../auth';
import { loadDemoLayers } from './demo-layers.loader';
import { loadDemoPortfolio } from './demo-portfolio.loader';
import { closeDemoDoors } from './demo-doors';
import { renewDemoAccessToken, seedDemoData } from './demo.seed';
import { installationMarkersFor } from '../installation';
import { layerImportServiceFor } from '../layers';

export interface InitialDataDeps {
  db: Db;
  config: Pick<AppConfig, 'loadDemoData' | 'adminEmail' | 'accessTokenTtlDays'>;
  sendDefinitionEmail(userId: number): Promise<void>;
  log(message: string): void;
}

/**
 * Whether this start runs the demonstration, and what the database gets: the demo only where it is wanted (see
 * `config.loadDemoData`) and only into an empty database or one seeded as the demo (its 'demo' marker); a
 * database holding a real install stays one. Without the demo, the demo's doors are closed (`closeDemoDoors`)
 * and an empty database gets a first ADMIN from `ADMIN_EMAIL`, who receives the password-definition e-mail.
 * Returns true when this start is the demonstration.
 */
export async function loadInitialData({
  db,
  config,
  sendDefinitionEmail,
  log,
}: InitialDataDeps): Promise<boolean> {
  if (config.loadDemoData) {
    if (await seedDemoData(db, config.accessTokenTtlDays)) log('Dados de demonstração carregados.');
    if (await installationMarkersFor(db).has('demo')) {
      await renewDemoAccessToken(db, config.accessTokenTtlDays);
      const count = await loadDemoLayers(db, layerImportServiceFor(db));
      if (count > 0) log(`${count} camadas de demonstração carregadas.`);
      const sales = await loadDemoPortfolio(db);
      if (sales > 0) log(`Carteira de demonstração carregada (${sales} lotes).`);
      return true;
    }
    log(
      'O banco de dados já guarda uma instalação real: a demonstração não é carregada nele ' +
        '(use um DATA_DIR ou banco vazio para a demonstração).',
    );
  }
  const closed = await closeDemoDoors(db);
  if (closed.accounts.length > 0)
    log(
      `Instalação real: as contas de demonstração ${closed.accounts.join(', ')} perderam a senha conhecida ` +
        'e suas sessões e links de acesso.',
    );
  if (closed.link) log('Instalação real: o link de acesso de demonstração foi revogado.');
  if (!config.adminEmail) {
    if (!(await hasAnyUser(db)))
      log('Banco sem usuários: defina ADMIN_EMAIL para criar o primeiro administrador.');
    return false;
  }
  const adminId = await createFirstAdmin(db, config.adminEmail);
  if (adminId === null) return false;
  await sendDefinitionEmail(adminId);
  log(`Administrador ${config.adminEmail} criado; o e-mail de definição de senha foi enviado.`);
  return false;
}

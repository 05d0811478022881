import { DEMO_SITES } from '@mirante/demo/sites';
import { isAdmin, isPlainUser, MODULE_CODES, type ModuleCode } from '@mirante/shared';
import type { Db } from '../../db/database';
import { hashPassword, knownAccessTokensFor } from '../auth';
import { DEMO_ACCESS_TOKEN, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { createDemoRepo } from './demo.repo';
import { installationMarkersFor } from '../installation';
import { projectsServiceFor } from '../projects';

const ALLOTMENT_AND_CONSTRUCTION: ModuleCode[] = MODULE_CODES.filter(
  (code) =>
    (code.startsWith('allotment.') && code !== 'allotment.finance') || code.startsWith('construction.'),
);

/**
 * Loads the demo customers, people and projects once, into an empty database. Returns false if data existed.
 * The demo sign-in link lives `accessTokenValidDays` (ACCESS_TOKEN_TTL_DAYS), like any other.
 */
export async function seedDemoData(db: Db, accessTokenValidDays = 30): Promise<boolean> {
  const repo = createDemoRepo(db);
  if (!(await repo.isEmpty())) return false;

  await db.transaction().execute(async (trx) => {
    const tx = createDemoRepo(trx);
    // Only a database seeded here is ever the demo (initial-data.ts).
    await installationMarkersFor(trx).record('demo');
    const horizonte = await tx.insertCustomer('Horizonte Urbanismo');
    const valeVerde = await tx.insertCustomer('Vale Verde Empreendimentos');
    const fullGroup = await tx.insertGroup('Gestão completa', horizonte, MODULE_CODES);
    const fieldGroup = await tx.insertGroup('Equipe de campo', horizonte, ALLOTMENT_AND_CONSTRUCTION);
    const valeGroup = await tx.insertGroup('Loteamentos', valeVerde, [
      'allotment.map',
      'allotment.detections',
    ]);
    const customerIds = { A: horizonte, B: valeVerde };
    const groupFor = (account: (typeof DEMO_ACCOUNTS)[number]) => {
      if (isAdmin(account)) return null;
      if (account.customer === 'B') return valeGroup;
      return isPlainUser(account) ? fieldGroup : fullGroup;
    };

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const userIds = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const id = await tx.insertUser({
        name: account.name,
        email: account.email,
        passwordHash,
        role: account.role,
        status: account.active,
        customerId: customerIds[account.customer],
        groupId: groupFor(account),
      });
      userIds.set(account.email, id);
    }
    const id = (email: string) => userIds.get(email) ?? 0;
    const horizontePeople = [
      id('gerente@horizonte.com.br'),
      id('usuario@horizonte.com.br'),
      id('inativo@horizonte.com.br'),
    ];

    const projects = projectsServiceFor(trx);
    await projects.create(
      {
        customerId: horizonte,
        name: 'Jardim das Palmeiras - Etapas 1 a 3',
        space: DEMO_SITES.allotment.space,
        projectType: 'ALLOTMENT',
        delimiter: DEMO_SITES.allotment.outline,
        isDefault: true,
        defaultZoom: 16.5,
        hasStage: true,
        hasInformation: true,
        hasPriceVisualization: true,
        customerCode: 'JDP-001',
        releaseDate: '2025-05-10',
        stage: 'C',
        team: 'Eng. Marcos Tanaka (obras), Arq. Luísa Ferraz (projetos)',
        blocks: 24,
        lots: 612,
        address: 'Estrada Pinguim, km 3',
        city: 'Maringá',
        state: 'PR',
        detail:
          'Loteamento residencial aberto em três etapas, com área verde, APP do córrego e bacia de retenção.',
        valorInadimplencia: 187_450.35,
      },
      horizontePeople,
    );
    await projects.create(
      {
        customerId: horizonte,
        name: 'Edifício Aurora - Zona 7',
        space: DEMO_SITES.construction.space,
        projectType: 'CONSTRUCTION',
        delimiter: DEMO_SITES.construction.outline,
        defaultZoom: 19,
        customerCode: 'AUR-07',
        releaseDate: '2025-09-01',
        stage: 'C',
        team: 'Eng. Paulo Ribeiro',
        address: 'Rua Pioneiro José Lopes, 410',
        city: 'Maringá',
        state: 'PR',
        detail: 'Edifício residencial de 14 pavimentos; vistorias mensais por drone.',
      },
      horizontePeople,
    );
    await projects.create(
      {
        customerId: horizonte,
        name: 'APP Ribeirão Pinguim - Recuperação',
        space: DEMO_SITES.environment.space,
        projectType: 'ENVIRONMENT',
        delimiter: DEMO_SITES.environment.outline,
        defaultZoom: 16,
        hasReport: true,
        customerCode: 'APP-PGN',
        releaseDate: '2024-11-20',
        stage: 'P',
        team: 'Bióloga Renata Campos',
        city: 'Maringá',
        state: 'PR',
        detail: 'Recomposição de mata ciliar exigida no licenciamento do loteamento.',
      },
      [id('gerente@horizonte.com.br'), id('inativo@horizonte.com.br')],
    );
    await projects.create(
      {
        customerId: valeVerde,
        name: 'Vale Verde - Sarandi',
        space: DEMO_SITES.otherCustomerAllotment.space,
        projectType: 'ALLOTMENT',
        delimiter: DEMO_SITES.otherCustomerAllotment.outline,
        isDefault: true,
        defaultZoom: 17,
        customerCode: 'VV-01',
        stage: 'P',
        blocks: 8,
        lots: 160,
        city: 'Sarandi',
        state: 'PR',
      },
      [id('usuario@valeverde.com.br')],
    );

    await knownAccessTokensFor(trx).issue({
      userId: id('usuario@horizonte.com.br'),
      secret: DEMO_ACCESS_TOKEN,
      description: 'Link de demonstração',
      validDays: accessTokenValidDays,
    });
  });
  return true;
}

/** On each start of a demo installation the README's sign-in link gets a fresh lifetime (unless revoked). */
export async function renewDemoAccessToken(db: Db, accessTokenValidDays: number): Promise<void> {
  await knownAccessTokensFor(db).renew(DEMO_ACCESS_TOKEN, accessTokenValidDays);
}

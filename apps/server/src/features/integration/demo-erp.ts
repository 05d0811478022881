import { DEMO_SEED } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import type { Db } from '../../db/database';
import type { AllowedHost } from '../../outbound/allowed-hosts';
import type { ErpCredentialsByKind } from './connectors/erp-connector';
import type { CredentialsCipher } from './credentials-cipher';
import { createIntegrationRepo, type SyncRunRow } from './integration.repo';
import type {
  FixtureEnterprise,
  FixtureSale,
  FixtureStatus,
  FixtureUnit,
} from './simulators/portfolio-fixture';
import { startUauSimulator } from './simulators/uau-simulator';

/*
 * The demo's ERP: a UAU simulator started in this process, holding the demo allotment's portfolio as an ERP
 * would (the demo generator's records) with a few changes since — four lots sold after the last spreadsheet,
 * three buyers who settled their overdue instalments — so the first synchronisation visibly updates the
 * portfolio. The demo customer's UAU integration points at it (credentials re-saved at each start, since the
 * port changes).
 */

export const DEMO_UAU = {
  username: 'mirante-demo',
  password: 'demo-uau-2026',
  integrationToken: 'demo-token-integracao',
};
const DEMO_ENTERPRISE = 1;
const DEMO_NOTIFICATION = 'gerente@horizonte.com.br';

const STATUS_BY_LABEL: [RegExp, FixtureStatus][] = [
  [/^vend/i, 'vendido'],
  [/^quit/i, 'quitado'],
  [/^reserv/i, 'reservado'],
  [/^propost/i, 'proposta'],
  [/^fora/i, 'fora_venda'],
];

const digits = (value: string | null | undefined) => /(\d+)/.exec(value ?? '')?.[1] ?? null;

function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, 28))).toISOString().slice(0, 10);
}

/** The demo allotment as the ERP holds it, from the demo generator's records and the loaded lots. */
export async function demoEnterprise(
  lots: readonly { sourceKey: string | null; block: string | null; name: string }[],
  today: string,
): Promise<FixtureEnterprise> {
  const site = await demoSite('allotment', DEMO_SEED);
  const byKey = new Map(lots.map((lot) => [lot.sourceKey, lot]));
  const units: FixtureUnit[] = [];
  let newSales = 0;
  let settled = 0;
  for (const record of site.portfolio?.() ?? []) {
    const lot = byKey.get(record.lotKey);
    const block = digits(lot?.block);
    const number = digits(lot?.name.split(/\s+/)[1]);
    if (!lot || !block || !number) continue;
    let status =
      STATUS_BY_LABEL.find(([pattern]) => pattern.test(record.status_unidade))?.[1] ?? 'disponivel';
    let sale: FixtureSale | null = null;
    const id = units.length + 1;
    if ((status === 'vendido' || status === 'quitado') && record.valor_venda !== null) {
      let overdue = record.qtde_parcelas_vencidas ?? 0;
      if (overdue > 0 && settled < 3) {
        settled += 1;
        overdue = 0;
      }
      const each = overdue > 0 ? Math.round(((record.valor_inadimplencia ?? 0) / overdue) * 100) / 100 : 0;
      const date = record.data_venda ?? addMonths(today, -12);
      sale = {
        number: id,
        buyerCode: Number(digits(record.codigo_comprador) ?? 5000 + id),
        buyerName: record.nome_comprador ?? 'Comprador',
        document: '00000000000',
        date,
        value: record.valor_venda,
        cancelled: false,
        instalments:
          status === 'quitado'
            ? []
            : [
                ...Array.from({ length: overdue }, (_, i) => ({
                  number: i + 1,
                  count: overdue + 24,
                  dueDate: addMonths(today, -(overdue - i)),
                  value: each,
                  paid: false,
                  interest: 0,
                  fine: 0,
                })),
                ...Array.from({ length: 24 }, (_, i) => ({
                  number: overdue + i + 1,
                  count: overdue + 24,
                  dueDate: addMonths(today, i + 1),
                  value: Math.round((record.valor_venda! / 120) * 100) / 100,
                  paid: false,
                  interest: 0,
                  fine: 0,
                })),
              ],
      };
    } else if (status === 'disponivel' && newSales < 4 && record.valor_venda !== null) {
      newSales += 1;
      status = 'vendido';
      sale = {
        number: id,
        buyerCode: 9000 + newSales,
        buyerName:
          ['Marta Ribeiro', 'Otávio Nunes', 'Priscila Araújo', 'Rafael Moreira'][newSales - 1] ??
          'Novo comprador',
        document: '00000000000',
        date: addMonths(today, -1),
        value: record.valor_venda,
        cancelled: false,
        instalments: [],
      };
    }
    units.push({ id, block, lot: number, status, sale });
  }
  return { code: DEMO_ENTERPRISE, name: 'Jardim das Palmeiras (UAU)', units };
}

/**
 * Starts the demo's UAU simulator and links the demo customer's allotment to it: credentials (re-saved with
 * this start's port), the wallet link and the notification the first time, then the first synchronisation.
 * Returns a stop function.
 */
export async function startDemoErp(deps: {
  db: Db;
  cipher: CredentialsCipher;
  /** Records the simulator's address as an allowed outbound host (it listens on 127.0.0.1). */
  allowSimulator: (host: AllowedHost) => Promise<void>;
  queueSync: (customerId: number, erp: 'uau', trigger: 'wizard') => Promise<SyncRunRow>;
  log: (message: string) => void;
  today?: string;
}): Promise<() => Promise<void>> {
  const { db } = deps;
  const site = await demoSite('allotment', DEMO_SEED);
  const project = await db
    .selectFrom('projects')
    .select(['id', 'customerId'])
    .where('space', '=', site.space)
    .executeTakeFirst();
  if (!project) return async () => undefined;
  const lots = await db
    .selectFrom('layers')
    .select(['sourceKey', 'block', 'name'])
    .where('projectId', '=', project.id)
    .where('type', '=', 'LOT')
    .execute();
  const today = deps.today ?? new Date().toISOString().slice(0, 10);
  const simulator = await startUauSimulator({
    ...DEMO_UAU,
    enterprises: [await demoEnterprise(lots, today)],
  });
  await deps.allowSimulator({ host: '127.0.0.1', port: Number(new URL(simulator.origin).port) });
  const repo = createIntegrationRepo(db);
  const credentials: ErpCredentialsByKind['uau'] = { url: simulator.baseUrl, ...DEMO_UAU };
  const context = `${project.customerId}:uau`;
  const existing = await repo.config(project.customerId, 'uau');
  let ours = !existing?.credentials;
  if (existing?.credentials) {
    try {
      const saved = deps.cipher.decrypt<ErpCredentialsByKind['uau']>(existing.credentials, context);
      ours = saved.username === DEMO_UAU.username && saved.url.startsWith('http://127.0.0.1:');
    } catch {
      ours = true;
    }
  }
  if (ours) await repo.saveCredentials(project.customerId, 'uau', deps.cipher.encrypt(credentials, context));
  if (!existing?.completedAt) {
    await repo.replaceWalletLinks(project.id, [{ customerCode: String(DEMO_ENTERPRISE), layerId: null }]);
    await repo.replaceProjects(project.customerId, 'uau', [project.id]);
    await repo.saveNotification(project.customerId, 'uau', DEMO_NOTIFICATION, 7);
    await deps.queueSync(project.customerId, 'uau', 'wizard');
    deps.log(
      'Integração de demonstração: loteamento vinculado a um UAU simulado; primeira sincronização na fila.',
    );
  }
  deps.log(`UAU simulado de demonstração em ${simulator.baseUrl}`);
  return () => simulator.close();
}

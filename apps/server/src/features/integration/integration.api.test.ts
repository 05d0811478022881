import { INTEGRATION_MESSAGES as M, type SyncRuns } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type BuiltUser } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { decodeQuotedPrintable } from '../../../test/test-smtp';
import { generateEnterprise } from './simulators/portfolio-fixture';
import { startSiengeSimulator } from './simulators/sienge-simulator';

const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const enterprise = generateEnterprise({
  code: 7,
  name: 'Residencial Simulado',
  blocks: [['01', 6]],
  today: TODAY,
  seed: 11,
});

let ctx: TestContext;
let sim: Awaited<ReturnType<typeof startSiengeSimulator>>;
let project: { id: number; customerId: number };
let projectName: string;
let construction: { id: number };
let otherStage: number;
let stage: number;
const lots: number[] = [];
let admin: string;
let manager: string;
let managerUser: BuiltUser;
let withoutModule: string;
let otherCustomer: string;
let inactive: string;
let inactiveUser: BuiltUser;

const credentials = () => ({
  sienge_url: sim.baseUrl,
  sienge_username: 'api-user',
  sienge_password: 'segredo-da-api',
});

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const response = await ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    payload: payload as object,
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown> & { message?: string; code?: string },
  };
}

beforeAll(async () => {
  // The simulators listen on 127.0.0.1, allowed by name as an on-premise ERP would be.
  ctx = await createTestContext({ outboundAllowedHosts: [{ host: '127.0.0.1', port: null }] });
  const f = factories(ctx);
  sim = await startSiengeSimulator({
    tenant: 'loteadora',
    username: 'api-user',
    password: 'segredo-da-api',
    enterprises: [enterprise],
  });
  const customer = await f.buildCustomer();
  const built = await f.buildProject({ customerId: customer.id });
  project = built;
  projectName = built.name;
  construction = await f.buildProject({ customerId: customer.id, projectType: 'CONSTRUCTION' });
  stage = await f.buildLayer(project.id, { type: 'STAGE', name: 'Etapa 1' });
  otherStage = await f.buildLayer(construction.id, { type: 'STAGE', name: 'Etapa X' });
  for (let n = 1; n <= 7; n++)
    lots.push(
      await f.buildLayer(project.id, {
        name: `Lote ${n}`,
        block: 'Q01',
        stage: 'Etapa 1',
        customerCode: `JS-Q01-L0${n}`,
      }),
    );
  const members = [project.id, construction.id];
  managerUser = await f.buildUser(
    'MANAGER',
    ['allotment.integration', 'allotment.finance', 'allotment.map'],
    {
      customerId: customer.id,
      projectIds: members,
    },
  );
  inactiveUser = await f.buildUser('USER', ['allotment.integration'], {
    customerId: customer.id,
    projectIds: members,
  });
  const adminUser = await f.buildUser('ADMIN');
  const noModule = await f.buildUser('USER', ['allotment.map', 'allotment.finance'], {
    customerId: customer.id,
    projectIds: members,
  });
  const other = await f.buildUser('MANAGER', ['allotment.integration']);
  [admin, manager, withoutModule, otherCustomer, inactive] = await Promise.all([
    f.signIn(adminUser),
    f.signIn(managerUser),
    f.signIn(noModule),
    f.signIn(other),
    f.signIn(inactiveUser),
  ]);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactiveUser.id).execute();
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await ctx?.close();
});

describe('integration permissions', () => {
  it('refuses a user without the module allotment.integration (403)', async () => {
    const answer = await call('GET', '/integration/sienge/credentials', withoutModule);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('MODULE_NOT_AVAILABLE');
  });

  it('refuses an inactive user (403 USER_INACTIVE)', async () => {
    const answer = await call('GET', '/customer/projects', inactive);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('USER_INACTIVE');
  });

  it("hides another customer's integration and projects from a manager of another customer (404)", async () => {
    const projects = await call('GET', `/customer/projects?customer_id=${project.customerId}`, otherCustomer);
    expect(projects.status).toBe(404);
    const links = await call('GET', `/integration/wallet-link?project_id=${project.id}`, otherCustomer);
    expect(links.status).toBe(404);
    const save = await call('POST', '/integration/wallet-link', otherCustomer, {
      project_id: project.id,
      links: [],
    });
    expect(save.status).toBe(404);
    const own = await call('GET', '/customer/projects', otherCustomer);
    expect(own.body).toEqual([]);
  });

  it('lists only the allotments of the customer (not the construction project) and refuses linking a non-allotment', async () => {
    const answer = await call('GET', '/customer/projects', manager);
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as { id: number }[]).map((p) => p.id)).toEqual([project.id]);
    const refused = await call('POST', '/integration/wallet-link', manager, {
      project_id: construction.id,
      links: [],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(M.projectNotAllotment);
  });

  it('lets an ADMIN work on any customer through customer_id', async () => {
    const answer = await call('GET', `/customer/projects?customer_id=${project.customerId}`, admin);
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as { id: number; layers: unknown[] }[])[0]).toMatchObject({
      id: project.id,
      layers: [{ id: stage, name: 'Etapa 1' }],
      wallet_links: [],
      erp: null,
    });
  });
});

describe('integration validation messages', () => {
  it.each([
    ['sienge', {}, M.apiUrlRequired],
    ['sienge', { sienge_url: 'https://x.test' }, M.usernameRequired],
    ['uau', { uau_username: 'u' }, M.apiUrlRequired],
    ['mega', { mega_username: 'u', mega_url2: 'https://b.test' }, M.megaUrl1Required],
    ['mega', { mega_username: 'u', mega_url1: 'https://a.test' }, M.megaUrl2Required],
    ['mega', { mega_url1: 'https://a.test', mega_url2: 'https://b.test' }, M.usernameRequired],
  ])('%s credentials %j: %s', async (erp, body, message) => {
    const answer = await call('POST', `/integration/${erp}/credentials`, manager, body);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain(message);
  });

  it("asks for the password when none is saved ('Informe a senha.')", async () => {
    const answer = await call('POST', '/integration/uau/credentials', manager, {
      uau_url: sim.origin,
      uau_username: 'u',
      uau_integration_token: 't',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(M.passwordRequired);
  });

  it('asks for the UAU integration token when none is saved', async () => {
    const answer = await call('POST', '/integration/uau/credentials', manager, {
      uau_url: sim.origin,
      uau_username: 'u',
      uau_password: 'p',
    });
    expect(answer.body.message).toBe(M.integrationTokenRequired);
  });

  it.each([
    [{ frequency: 7 }, M.emailRequired],
    [{ email: '', frequency: 7 }, M.emailRequired],
    [{ email: 'a@b.test' }, M.frequencyRequired],
    [{ email: 'a@b.test', frequency: 3 }, M.frequencyRequired],
  ])('notification %j: %s', async (body, message) => {
    const answer = await call('POST', '/integration/sienge/notification', manager, body);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain(message);
  });

  it('refuses a stage of another project in a wallet link', async () => {
    const answer = await call('POST', '/integration/wallet-link', manager, {
      project_id: project.id,
      links: [{ customer_code: '7', layer_id: otherStage }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(M.walletStageInvalid);
  });

  it('refuses to synchronise an allotment without wallet links', async () => {
    const answer = await call('POST', '/integration/sienge/projects', manager, { projects: [project.id] });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(M.projectWithoutLinks(projectName));
  });

  it('refuses a sales status that is not a whole number', async () => {
    const answer = await call('POST', '/integration/sales-status', manager, { vendido: 'x' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain(M.salesStatusInvalid);
  });
});

describe('credentials', () => {
  it('refuses credentials the ERP rejects (422 with the ERP’s reason) and saves nothing', async () => {
    const answer = await call('POST', '/integration/sienge/credentials', manager, {
      ...credentials(),
      sienge_password: 'errada',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('ERP_UNAVAILABLE');
    expect(answer.body.message).toContain('recusou as credenciais');
    const saved = await call('GET', '/integration/sienge/credentials', manager);
    expect(saved.body).toMatchObject({ sienge_url: null, has_password: false });
  });

  it('tests and saves them; GET answers URL and user but never the password', async () => {
    const answer = await call('POST', '/integration/sienge/credentials', manager, credentials());
    expect(answer.status).toBe(200);
    const saved = await call('GET', '/integration/sienge/credentials', manager);
    expect(saved.body).toMatchObject({
      sienge_url: sim.baseUrl,
      sienge_username: 'api-user',
      has_password: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain('segredo-da-api');
  });

  it('keeps the saved password when the form leaves it blank', async () => {
    const { sienge_password: _password, ...withoutPassword } = credentials();
    const answer = await call('POST', '/integration/sienge/credentials', manager, {
      ...withoutPassword,
      sienge_password: '',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.has_password).toBe(true);
  });

  it('stores them unreadable: the raw column holds neither password, user nor URL', async () => {
    const raw = await ctx.db
      .selectFrom('integrationConfigs')
      .select('credentials')
      .where('customerId', '=', project.customerId)
      .where('erp', '=', 'sienge')
      .executeTakeFirstOrThrow();
    const dump = raw.credentials!.toString('latin1');
    for (const secret of ['segredo-da-api', 'api-user', '127.0.0.1', 'loteadora'])
      expect(dump).not.toContain(secret);
    expect(raw.credentials!.length).toBeGreaterThan(29);
  });
});

async function runs(): Promise<SyncRuns> {
  return (await call('GET', '/integration/sync-runs?erp=sienge', manager)).body as unknown as SyncRuns;
}

async function financeRows() {
  return ctx.db
    .selectFrom('lotInformations')
    .selectAll()
    .where('projectId', '=', project.id)
    .orderBy('layerId')
    .execute();
}

describe('the Sienge wizard and the synchronisation', () => {
  it('links the wallet, the allotment and completes the wizard: the first sync runs at once and fills the portfolio', async () => {
    // A lot the ERP does not know and a field the ERP never sends keep their values.
    await ctx.db
      .insertInto('lotInformations')
      .values([
        { layerId: lots[6]!, projectId: project.id, notas: 'Lote fora do ERP', valorVenda: 123 },
        { layerId: lots[0]!, projectId: project.id, inscricaoIptu: 'IPTU-1' },
      ])
      .execute();
    const erpProjects = await call('GET', '/integration/sienge/projects', manager);
    expect(erpProjects.body).toEqual([{ id: '7', name: 'Residencial Simulado' }]);
    const links = await call('POST', '/integration/wallet-link', manager, {
      project_id: project.id,
      links: [
        { customer_code: '7', layer_id: stage },
        { customer_code: '7', layer_id: stage },
        { customer_code: '' },
      ],
    });
    expect(links.body).toEqual([
      { project_id: project.id, customer_code: '7', layer_id: stage, layer_name: 'Etapa 1' },
    ]);
    const linked = await call('POST', '/integration/sienge/projects', manager, { projects: [project.id] });
    expect((linked.body as unknown as { erp: string }[])[0]?.erp).toBe('sienge');
    const done = await call('POST', '/integration/sienge/notification', manager, {
      email: 'carteira@cliente.test',
      frequency: 7,
    });
    expect(done.status).toBe(200);
    expect(done.body.sync_run).toMatchObject({ status: 'queued', trigger: 'wizard' });
    await ctx.services.syncQueue.idle();

    const log = await runs();
    expect(log.runs[0]).toMatchObject({ status: 'succeeded', units_read: 6, units_unmatched: 0, errors: [] });
    expect(log.status.find((s) => s.erp === 'sienge')).toMatchObject({
      running: false,
      project_ids: [project.id],
    });
    const rows = await financeRows();
    const labels = {
      disponivel: 'Disponível',
      reservado: 'Reservado',
      proposta: 'Proposta',
      vendido: 'Vendida',
      quitado: 'Vendida',
      fora_venda: 'Fora de venda',
    };
    for (const unit of enterprise.units)
      expect(rows.find((r) => r.layerId === lots[unit.id - 1])?.statusUnidade).toBe(labels[unit.status]);
    expect(rows.find((r) => r.layerId === lots[0])?.inscricaoIptu).toBe('IPTU-1');
    expect(rows.find((r) => r.layerId === lots[6])).toMatchObject({
      notas: 'Lote fora do ERP',
      valorVenda: 123,
    });
    const sold = enterprise.units.filter((u) => u.sale);
    for (const unit of sold) {
      const row = rows.find((r) => r.layerId === lots[unit.id - 1]);
      expect(row?.valorVenda).toBe(unit.sale!.value);
      expect(row?.nomeComprador).toBe(unit.sale!.buyerName);
    }
    expect(log.runs[0]!.units_changed).toBe(6);
  });

  it('e-mails the summary to the notification address after the first run', () => {
    const mail = ctx.mail.find((m) => m.to.includes('carteira@cliente.test'));
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain('Lotes alterados na carteira: 6');
    expect(text).toContain('Nenhum erro.');
  });

  it('a run that fails half-way (the ERP failing on the instalments) changes nothing; the next run completes', async () => {
    const before = await financeRows();
    // Change the ERP so that a completed run would write something.
    const unit = enterprise.units.find((u) => u.sale)!;
    unit.sale!.buyerName = 'Comprador Alterado';
    sim.faults.fail = ['/bulk-data/v1/income'];
    const failed = await call('POST', '/integration/sienge/sync', manager);
    expect(failed.status).toBe(200);
    await ctx.services.syncQueue.idle();
    const log = await runs();
    expect(log.runs[0]).toMatchObject({ status: 'failed', units_changed: 0 });
    expect(log.runs[0]!.errors[0]?.message).toContain('Sienge respondeu com erro (HTTP 500)');
    expect(await financeRows()).toEqual(before);

    delete sim.faults.fail;
    await call('POST', '/integration/sienge/sync', manager);
    await ctx.services.syncQueue.idle();
    const after = await runs();
    expect(after.runs[0]).toMatchObject({ status: 'succeeded', units_changed: 1 });
    const row = (await financeRows()).find((r) => r.layerId === lots[unit.id - 1]);
    expect(row?.nomeComprador).toBe('Comprador Alterado');
  });

  it('records the changes in the lot history as the integration', async () => {
    const history = await ctx.db
      .selectFrom('lotInformationChanges')
      .select(['source', 'changedByName'])
      .where('projectId', '=', project.id)
      .where('source', '=', 'integration')
      .execute();
    expect(history.length).toBeGreaterThan(0);
    expect(history[0]?.changedByName).toBe('Integração Sienge');
  });

  it('answers the run already queued instead of queueing a second one', async () => {
    const first = await ctx.services.integration.syncNow(
      {
        ...managerUser,
        name: 'x',
        active: true,
        modules: ['allotment.integration'],
        sessionId: 's',
        fromToken: false,
      },
      'sienge',
    );
    const second = await call('POST', '/integration/sienge/sync', manager);
    expect(second.body.id).toBe(first.id);
    await ctx.services.syncQueue.idle();
  });
});

describe('the scheduler', () => {
  it('ends a run abandoned for hours as failed and queues the daily run of the completed configuration', async () => {
    const stuck = await ctx.db
      .insertInto('integrationSyncRuns')
      .values({
        customerId: project.customerId,
        erp: 'sienge',
        trigger: 'schedule',
        status: 'running',
        queuedAt: new Date(Date.now() - 8 * 3600_000),
        startedAt: new Date(Date.now() - 7 * 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ctx.services.syncQueue.tick(new Date(Date.now() + 25 * 3600_000))).toBe(1);
    await ctx.services.syncQueue.idle();
    const log = await runs();
    expect(log.runs.find((r) => r.id === stuck.id)).toMatchObject({ status: 'failed' });
    expect(log.runs[0]).toMatchObject({ trigger: 'schedule', status: 'succeeded' });
  });

  it('queues nothing while the last run is less than a day old', async () => {
    expect(await ctx.services.syncQueue.tick(new Date())).toBe(0);
  });
});

describe('mappings', () => {
  it('answers the defaults while nothing is saved, then what was saved', async () => {
    const defaults = await call('GET', '/integration/unit-fields', manager);
    expect(defaults.body).toEqual({
      lot_code: 'lot_code',
      product_code: 'product_code',
      job_code: 'job_code',
      customization_number: 'customization_number',
      block: 'block',
      lot: 'lot',
    });
    const saved = await call('POST', '/integration/unit-fields', manager, {
      ...defaults.body,
      lot_code: 'Identificador_unid',
    });
    expect(saved.body.lot_code).toBe('Identificador_unid');
    const status = await call('POST', '/integration/sales-status', manager, {
      vendido: 1,
      disponivel: '0',
      doacao: '',
    });
    expect(status.body).toMatchObject({ vendido: 1, disponivel: 0, doacao: null, quitado: null });
    expect((await call('GET', '/integration/uau/sales-status', manager)).body).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });
});

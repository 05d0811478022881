import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYER_DOCUMENT_MESSAGES,
  FINANCE_SETTINGS_MESSAGES,
  financeTotals,
  INFORMATION_FINANCE_FIELDS,
  informationDetailSchema,
  informationListSchema,
  type InformationDetail,
  type InformationList,
} from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories, type Factories } from '../../../test/factories';
import { multipartBody, type MultipartFilePart } from '../../../test/multipart';
import { loadDemoLayers } from '../demo/demo-layers.loader';
import { loadDemoPortfolio } from '../demo/demo-portfolio.loader';

let ctx: TestContext;
let make: Factories;
const tokens = { admin: '', finance: '', mapOnly: '', noModules: '', other: '', inactive: '' };
let projectId = 0;
const lots: Record<string, number> = {};

const square = (west: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, -23.42],
      [west + 0.0002, -23.42],
      [west + 0.0002, -23.4198],
      [west, -23.4198],
      [west, -23.42],
    ],
  ],
});

const form = (body: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(body).toString(),
});

async function listAs(token: string, body: Record<string, string> = {}, id = projectId) {
  const { payload, ...headers } = form(body);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/project/${id}/informations`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

async function list(body: Record<string, string> = {}): Promise<InformationList> {
  const response = await listAs(tokens.finance, body);
  expect(response.statusCode, response.body).toBe(200);
  const parsed = informationListSchema.strict().safeParse(response.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data as InformationList;
}

const getAs = (token: string, layerId: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/information/${layerId}`, headers: bearer(token) });

const updateAs = (token: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/information', headers: bearer(token), payload: body });

const tableCounts = async () => ({
  informations: Number(
    (
      await ctx.db
        .selectFrom('lotInformations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  ),
  changes: Number(
    (
      await ctx.db
        .selectFrom('lotInformationChanges')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  ),
});

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  const customer = await make.buildCustomer();
  const project = await make.buildProject({ customerId: customer.id });
  projectId = project.id;
  const ids = await ctx.services.layerImport.importLayers(
    projectId,
    ['soldEmpty', 'invaded', 'defaulting', 'fine', 'blank'].map((key, index) => ({
      type: 'LOT',
      name: `Lote ${index + 1}`,
      block: index < 3 ? 'A' : 'B',
      stage: 'Etapa 1',
      customerCode: `L-${index + 1}`,
      tagValue: String(index + 1),
      sourceKey: key,
      geometry: square(-51.95 + index * 0.0003),
    })),
  );
  for (const [key, id] of ids) lots[key] = id;
  const status = (key: string, date: string, value: string) => ({
    layerId: lots[key] ?? 0,
    date,
    status: value,
    precision: null,
    sceneId: null,
    source: 'manual' as const,
  });
  await ctx.services.layerImport.recordStatuses([
    status('soldEmpty', '2025-01-01', 'V'),
    status('soldEmpty', '2026-06-01', 'V'),
    status('invaded', '2026-06-01', 'I'),
    status('defaulting', '2026-01-01', 'B'),
    status('defaulting', '2026-06-01', 'E'),
    status('fine', '2026-06-01', 'C'),
  ]);
  const finance = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  const mapOnly = await make.buildUser('USER', ['allotment.map'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  const noModules = await make.buildUser('USER', [], { customerId: customer.id, projectIds: [projectId] });
  const inactive = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  const other = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance']);
  tokens.admin = await ctx.login('admin@mirante.app.br');
  tokens.finance = await make.signIn(finance);
  tokens.mapOnly = await make.signIn(mapOnly);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();

  const write = async (key: string, body: Record<string, unknown>) => {
    const response = await updateAs(tokens.finance, { layer_id: lots[key], ...body });
    expect(response.statusCode, response.body).toBe(200);
  };
  await write('soldEmpty', {
    status_unidade: 'Vendida',
    data_venda: '2025-03-10',
    valor_venda: 120000,
    nome_comprador: 'Ana Souza',
  });
  await write('invaded', { status_unidade: 'Disponível' });
  await write('defaulting', { status_unidade: 'Vendida', valor_venda: 90000, valor_inadimplencia: 2500.5 });
  await write('fine', { status_unidade: 'Quitado', valor_venda: 150000, valor_inadimplencia: 0 });
});
afterAll(() => ctx.close());

describe('POST project/:id/informations', () => {
  it('lists every lot with its sale data, last detection and the totals of the business limits', async () => {
    const answer = await list();
    expect(answer.list.map((row) => row.name)).toEqual(['Lote 1', 'Lote 2', 'Lote 3', 'Lote 4', 'Lote 5']);
    const row = answer.list.find((item) => item.layer_id === lots.fine);
    expect(row).toMatchObject({ status_unidade: 'Quitado', ult_deteccao: 'C', valor_venda: 150000 });
    expect(answer.list.find((item) => item.layer_id === lots.blank)?.ult_deteccao).toBeNull();
    expect(financeTotals(answer.list)).toEqual({
      totalLots: 5,
      soldLots: 3,
      constructions: 2,
      salesValue: 360000,
      defaults: 1,
      defaultValue: 2500.5,
      alerts: 3,
    });
    expect(answer.blocksAvailable).toEqual(['A', 'B']);
    expect(answer.statusUnityAvailable).toEqual(['Disponível', 'Quitado', 'S\\N', 'Vendida']);
    expect(answer.detectTypesAvailable).toEqual(['C', 'E', 'I', 'V', 'X']);
    expect(answer.alertMonths).toBe(12);
  });

  it('flags sales read against the imagery, one kind per lot as the rules say', async () => {
    const answer = await list();
    const alerts = (key: string) =>
      answer.list.find((row) => row.layer_id === lots[key])?.alertas.map((alert) => alert.type);
    expect(alerts('soldEmpty')).toEqual(['sold_empty']);
    expect(alerts('invaded')).toEqual(['built_unsold']);
    expect(alerts('defaulting')).toEqual(['default_building']);
    expect(alerts('fine')).toEqual([]);
    expect(alerts('blank')).toEqual([]);
    expect(answer.list.find((row) => row.layer_id === lots.soldEmpty)?.alertas[0]?.text).toBe(
      'Vendido em 10/03/2025 e ainda vazio na imagem de 01/06/2026 (14 meses).',
    );
  });

  it('the sold-but-empty window is the project setting', async () => {
    await ctx.db.updateTable('projects').set({ saleAlertMonths: 24 }).where('id', '=', projectId).execute();
    const answer = await list();
    expect(answer.list.find((row) => row.layer_id === lots.soldEmpty)?.alertas).toEqual([]);
    await ctx.db.updateTable('projects').set({ saleAlertMonths: 12 }).where('id', '=', projectId).execute();
  });

  it('applies the filters of the API calls (comma-joined), S\\N for empty values and the alert kinds', async () => {
    expect((await list({ blocks: 'B' })).list.map((row) => row.name)).toEqual(['Lote 4', 'Lote 5']);
    expect((await list({ statusUnity: 'Vendida,S\\N' })).list.map((row) => row.name)).toEqual([
      'Lote 1',
      'Lote 3',
      'Lote 5',
    ]);
    expect((await list({ detectTypes: 'X' })).list.map((row) => row.name)).toEqual(['Lote 5']);
    expect((await list({ alerts: 'built_unsold,default_building' })).list.map((row) => row.name)).toEqual([
      'Lote 2',
      'Lote 3',
    ]);
    expect((await list({ alerts: 'none' })).list).toHaveLength(2);
    expect((await list({ lots: '1,2' })).list).toHaveLength(2);
  });

  it('takes the filters as multipart fields too, comma-joined, and refuses a file part', async () => {
    const post = (fields: Record<string, string>, files: MultipartFilePart[] = []) => {
      const body = multipartBody(fields, files);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/project/${projectId}/informations`,
        headers: { ...bearer(tokens.finance), ...body.headers },
        payload: body.payload,
      });
    };
    const names = (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode, response.body).toBe(200);
      return informationListSchema.parse(response.json()).list.map((row) => row.name);
    };
    expect(names(await post({ blocks: 'B' }))).toEqual(['Lote 4', 'Lote 5']);
    expect(names(await post({ statusUnity: 'Vendida,S\\N', blocks: 'A' }))).toEqual(['Lote 1', 'Lote 3']);
    expect(names(await post({}))).toHaveLength(5);
    const tooLong = await post({ blocks: 'x'.repeat(300) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe('O texto deve ter no máximo 255 caracteres. (blocks.0)');
    const withFile = await post({}, [{ name: 'file', filename: 'x.txt', content: Buffer.from('x') }]);
    expect(withFile.statusCode).toBe(422);
    expect(withFile.json().message).toBe('Não foi possível ler os filtros enviados.');
  });

  it('GET information?projectId= answers the same list', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/information?projectId=${projectId}&blocks=A`,
      headers: bearer(tokens.finance),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<InformationList>().list).toHaveLength(3);
  });

  it('refuses a user without the finance module (403), another customer (404) and an inactive user (403)', async () => {
    expect((await listAs(tokens.mapOnly)).statusCode).toBe(403);
    const other = await listAs(tokens.other);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const inactive = await listAs(tokens.inactive);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: 'Acesso negado. O usuário está inativo.' });
  });

  it('refuses bad filters with a pt-BR message', async () => {
    const response = await listAs(tokens.finance, { blocks: 'x'.repeat(300) });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('O texto deve ter no máximo 255 caracteres. (blocks.0)');
  });
});

describe('POST project/:id/informations/settings', () => {
  const settingsAs = (token: string, body: Record<string, unknown>, id = projectId) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/project/${id}/informations/settings`,
      headers: bearer(token),
      payload: body,
    });
  const storedMonths = async () =>
    (
      await ctx.db
        .selectFrom('projects')
        .select('saleAlertMonths')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).saleAlertMonths;

  it("a MANAGER sets the 'Vendido sem obra' window; the list and its alerts follow", async () => {
    const response = await settingsAs(tokens.finance, { sale_alert_months: 24 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sale_alert_months: 24 });
    const answer = await list();
    expect(answer.alertMonths).toBe(24);
    expect(answer.list.find((row) => row.layer_id === lots.soldEmpty)?.alertas).toEqual([]);
    expect((await settingsAs(tokens.admin, { sale_alert_months: '12' })).statusCode).toBe(200);
    expect(await storedMonths()).toBe(12);
  });

  it('refuses months outside 1..120 or not whole, changing nothing', async () => {
    for (const months of [0, 121, 1.5, 'abc', null]) {
      const response = await settingsAs(tokens.finance, { sale_alert_months: months });
      expect(response.statusCode, String(months)).toBe(422);
      expect(response.json().message).toBe(`${FINANCE_SETTINGS_MESSAGES.monthsInvalid} (sale_alert_months)`);
    }
    expect(await storedMonths()).toBe(12);
  });

  it('refuses a USER with the module, a user without it, another customer and an inactive user', async () => {
    const customerId = (
      await ctx.db
        .selectFrom('projects')
        .select('customerId')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).customerId;
    const financeUser = await make.buildUser('USER', ['allotment.map', 'allotment.finance'], {
      customerId,
      projectIds: [projectId],
    });
    const user = await settingsAs(await make.signIn(financeUser), { sale_alert_months: 6 });
    expect(user.statusCode).toBe(403);
    expect(user.json().message).toBe(FINANCE_SETTINGS_MESSAGES.forbidden);
    expect((await settingsAs(tokens.mapOnly, { sale_alert_months: 6 })).statusCode).toBe(403);
    expect((await settingsAs(tokens.other, { sale_alert_months: 6 })).statusCode).toBe(404);
    expect((await settingsAs(tokens.inactive, { sale_alert_months: 6 })).statusCode).toBe(403);
    expect((await settingsAs(tokens.finance, { sale_alert_months: 6 }, 999_999)).statusCode).toBe(404);
    expect(await storedMonths()).toBe(12);
  });
});

describe('GET information/:id and POST information', () => {
  it('keeps the history of changes: who, when, old → new', async () => {
    const response = await updateAs(tokens.finance, {
      layer_id: lots.soldEmpty,
      nome_comprador: 'Ana Souza Lima',
      qtde_parcelas_vencidas: '3',
      termo_posse: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = informationDetailSchema.parse(response.json());
    expect(detail.information).toMatchObject({ nome_comprador: 'Ana Souza Lima', qtde_parcelas_vencidas: 3 });
    const changes = detail.history
      .slice(0, 3)
      .map((change) => [change.field, change.old_value, change.new_value]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['nome_comprador', 'Ana Souza', 'Ana Souza Lima'],
        ['qtde_parcelas_vencidas', null, '3'],
        ['termo_posse', null, 'true'],
      ]),
    );
    expect(detail.history[0]?.changed_by_name).toMatch(/^Pessoa-/);
    expect(detail.history[0]?.source).toBe('manual');
    expect(Date.parse(detail.history[0]?.changed_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('an update that changes nothing writes no history; null clears a field', async () => {
    const before = await tableCounts();
    expect((await updateAs(tokens.finance, { layer_id: lots.fine, valor_venda: 150000 })).statusCode).toBe(
      200,
    );
    expect(await tableCounts()).toEqual(before);
    const cleared = await updateAs(tokens.finance, { layer_id: lots.fine, valor_inadimplencia: null });
    expect(cleared.json<InformationDetail>().information.valor_inadimplencia).toBeNull();
    expect((await tableCounts()).changes).toBe(before.changes + 1);
  });

  it("keeps the buyer's CPF/CNPJ without its mask, alphanumeric CNPJ included, in the history too", async () => {
    const cpf = await updateAs(tokens.finance, { layer_id: lots.fine, cpf_cnpj_comprador: '529.982.247-25' });
    expect(cpf.statusCode, cpf.body).toBe(200);
    const detail = informationDetailSchema.parse(cpf.json());
    expect(detail.information.cpf_cnpj_comprador).toBe('52998224725');
    expect(detail.history[0]).toMatchObject({
      field: 'cpf_cnpj_comprador',
      old_value: null,
      new_value: '52998224725',
    });
    const cnpj = await updateAs(tokens.finance, {
      layer_id: lots.fine,
      cpf_cnpj_comprador: '12.abc.345/01de-35',
    });
    expect(cnpj.json<InformationDetail>().information.cpf_cnpj_comprador).toBe('12ABC34501DE35');
  });

  it('shows a map user the lot without anything the finance module guards (nor its history or alerts)', async () => {
    const buyer = { layer_id: lots.fine, nome_comprador: 'Beatriz Prado', qtde_parcelas_vencidas: 2 };
    expect((await updateAs(tokens.finance, buyer)).statusCode).toBe(200);
    const full = informationDetailSchema.parse((await getAs(tokens.finance, lots.fine ?? 0)).json());
    // The lot holds a sale, a buyer and payments, which a finance user reads...
    expect(full.information).toMatchObject({
      status_unidade: 'Quitado',
      valor_venda: 150000,
      nome_comprador: 'Beatriz Prado',
      qtde_parcelas_vencidas: 2,
    });
    const response = await getAs(tokens.mapOnly, lots.fine ?? 0);
    expect(response.statusCode).toBe(200);
    const detail = informationDetailSchema.parse(response.json());
    expect(detail).toMatchObject({ canSeeValues: false, canEdit: false });
    // ...and none of which reaches the map user: not the buyer, the payment status or the overdue count either.
    for (const field of INFORMATION_FINANCE_FIELDS) expect(detail.information[field], field).toBeNull();
    expect(detail.information.alertas).toEqual([]);
    expect(detail.information.name).toBe(full.information.name);
    expect(detail.information.inscricao_iptu).toBe(full.information.inscricao_iptu);
    const guarded = new Set<string>(INFORMATION_FINANCE_FIELDS);
    expect(full.history.some((change) => guarded.has(change.field))).toBe(true);
    expect(detail.history.some((change) => guarded.has(change.field))).toBe(false);
    const withValues = informationDetailSchema.parse((await getAs(tokens.finance, lots.fine ?? 0)).json());
    expect(withValues.information.valor_venda).toBe(150000);
    expect(withValues.history.some((change) => change.field === 'valor_venda')).toBe(true);
  });

  it('refuses an edit without the finance module, of another customer, of an inactive user; changes nothing', async () => {
    const before = await tableCounts();
    const body = { layer_id: lots.fine, nome_comprador: 'Intruso' };
    expect((await updateAs(tokens.mapOnly, body)).statusCode).toBe(403);
    const other = await updateAs(tokens.other, body);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'LAYER_NOT_FOUND' });
    expect((await updateAs(tokens.inactive, body)).statusCode).toBe(403);
    expect((await getAs(tokens.other, lots.fine ?? 0)).statusCode).toBe(404);
    expect((await getAs(tokens.noModules, lots.fine ?? 0)).statusCode).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses input beyond the limits of the validation rules with a pt-BR message, changing nothing', async () => {
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ nome_comprador: 'x'.repeat(101) }, 'O texto deve ter no máximo 100 caracteres.'],
      [{ codigo_comprador: '12345678901' }, 'O texto deve ter no máximo 10 caracteres.'],
      [{ codigo_venda: 'V2025-00001' }, 'O texto deve ter no máximo 10 caracteres.'],
      [{ status_unidade: 'x'.repeat(256) }, 'O texto deve ter no máximo 255 caracteres.'],
      [{ valor_venda: 'abc' }, 'Informe um número.'],
      [{ valor_venda: -1 }, 'O valor não pode ser negativo.'],
      [{ qtde_parcelas_vencidas: 1.5 }, 'Informe um número inteiro.'],
      [{ data_venda: '2025-02-30' }, 'Data inválida: use uma data real no formato AAAA-MM-DD.'],
      [{ data_venda: '10/03/2025' }, 'Data inválida: use uma data real no formato AAAA-MM-DD.'],
      [{ cpf_cnpj_comprador: '529.982.247-26' }, BUYER_DOCUMENT_MESSAGES.invalid],
      [{ cpf_cnpj_comprador: '11.222.333/0001-82' }, BUYER_DOCUMENT_MESSAGES.invalid],
      [{ cpf_cnpj_comprador: '123' }, BUYER_DOCUMENT_MESSAGES.invalid],
      [{ cpf_cnpj_comprador: '---' }, BUYER_DOCUMENT_MESSAGES.invalid],
    ];
    for (const [fields, message] of cases) {
      const response = await updateAs(tokens.finance, { layer_id: lots.fine, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().message).toBe(`${message} (${Object.keys(fields)[0]})`);
    }
    const missing = await updateAs(tokens.finance, { layer_id: 999_999, nome_comprador: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('demo portfolio', () => {
  it('loads believable sales into the demo allotment, consistent with its imagery, once', async () => {
    await loadDemoLayers(ctx.db, ctx.services.layerImport);
    const written = await loadDemoPortfolio(ctx.db);
    expect(written).toBeGreaterThan(500);
    expect(await loadDemoPortfolio(ctx.db)).toBe(0);
    const demo = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('space', '=', 'jardim-das-palmeiras')
      .executeTakeFirstOrThrow();
    const response = await listAs(tokens.admin, {}, demo.id);
    const rows = response.json<InformationList>().list;
    const totals = financeTotals(rows);
    expect(totals.totalLots).toBe(written);
    expect(totals.soldLots / totals.totalLots).toBeGreaterThan(0.4);
    expect(totals.defaults).toBeGreaterThan(5);
    // every built house is sold or paid off, except the few the office has not registered (flagged)
    const built = rows.filter((row) => row.ult_deteccao === 'C');
    const unsoldBuilt = built.filter((row) => !/^(vend|quit)/i.test(row.status_unidade ?? ''));
    expect(unsoldBuilt.every((row) => row.alertas.some((alert) => alert.type === 'built_unsold'))).toBe(true);
    expect(unsoldBuilt.length).toBeLessThan(built.length * 0.1);
    // each alert kind occurs
    const kinds = new Set(rows.flatMap((row) => row.alertas.map((alert) => alert.type)));
    expect([...kinds].sort()).toEqual(['built_unsold', 'default_building', 'sold_empty']);
    // invaded lots are 'Disponível' and flagged
    const invaded = rows.filter((row) => row.ult_deteccao === 'I');
    expect(invaded.length).toBeGreaterThan(0);
    expect(invaded.every((row) => row.status_unidade === 'Disponível' && row.alertas.length > 0)).toBe(true);
  });
});

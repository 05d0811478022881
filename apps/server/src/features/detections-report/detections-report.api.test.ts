import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { detectionsHistorySchema, type DetectionsHistory } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { analysesKit } from '../../../test/analyses-test-kit';
import { loadDemoLayers } from '../demo/demo-layers.loader';

let ctx: TestContext;
let kit: ReturnType<typeof analysesKit>;
const tokens = { admin: '', manager: '', user: '', other: '' };
const ids = { allotment: 0, construction: 0 };
let dates: string[] = [];

const history = (token: string | null, body: Record<string, string> = {}, id = ids.allotment) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/project/${id}/detections-history`,
    // form-encoded, as the web sends it
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

const report = async (body: Record<string, string> = {}, token = tokens.manager) => {
  const response = await history(token, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  // the route skips zod's response serialiser for speed: the contract is checked here instead, every dynamic key
  const parsed = detectionsHistorySchema.strict().safeParse(response.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data as DetectionsHistory;
};

const exportUrl = (query: Record<string, string>) =>
  `/api/v1/project/${ids.allotment}/allotments/export?${new URLSearchParams(query).toString()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  kit = analysesKit(ctx);
  ids.allotment = await kit.projectId('jardim-das-palmeiras');
  const other = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('projectType', '=', 'CONSTRUCTION')
    .executeTakeFirstOrThrow();
  ids.construction = other.id;
  tokens.admin = await ctx.login('admin@mirante.app.br');
  tokens.manager = await ctx.login('gerente@horizonte.com.br');
  tokens.user = await ctx.login('usuario@horizonte.com.br');
  tokens.other = await ctx.login('usuario@valeverde.com.br');
});

afterAll(async () => {
  await ctx.close();
});

describe('before the demo layers are loaded', () => {
  it('answers 404 PROCESSING_NOT_FINISHED with the processing message', async () => {
    const response = await history(tokens.manager);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'PROCESSING_NOT_FINISHED',
      message: 'O processamento do projeto ainda não foi finalizado',
    });
    const last = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/project/${ids.allotment}/last-date`,
      headers: bearer(tokens.manager),
    });
    expect(last.json()).toEqual({ detect_date: null });
  });
});

describe('POST project/:id/detections-history', () => {
  beforeAll(async () => {
    expect(await loadDemoLayers(ctx.db, ctx.services.layerImport)).toBeGreaterThan(500);
    dates = (await report()).datesAvailable;
  });

  it('opens on the last analysis date alone with every lot', async () => {
    const body = await report();
    expect(dates.length).toBe(18);
    expect(body.uniqueDates).toEqual([dates[17]]);
    expect(body.startDate).toBe(dates[17]);
    expect(body.tableRows.length).toBeGreaterThan(100);
    expect(body.diffStatus).toEqual({
      total: body.tableRows.length,
      changed: 0,
      kept: body.tableRows.length,
    });
    const row = body.tableRows[0]!;
    expect(row).toMatchObject({ status: 'Igual', last_status: row.date_0 });
    expect(typeof row.status_name_date_0).toBe('string');
    expect(body.finalStatuses.at(-1)?.key).toBe('O');
    expect(body.finalStatuses.reduce((sum, item) => sum + item.value, 0)).toBe(body.tableRows.length);
    expect(body.blocksAvailable.length).toBeGreaterThan(1);
    const lots = body.blocksAvailable[0]!.lots.map(Number);
    expect(lots).toEqual([...lots].sort((a, b) => a - b));
  });

  it('E shows the two dates, marks Igual/Modificado and swaps reversed dates', async () => {
    const body = await report({ startDate: dates[17]!, endDate: dates[0]!, dateType: 'and' });
    expect(body.uniqueDates).toEqual([dates[0], dates[17]]);
    expect(body.diffStatus.changed).toBeGreaterThan(0);
    for (const row of body.tableRows) {
      expect(row.status).toBe(row.date_0 === row.date_1 ? 'Igual' : 'Modificado');
      expect(row.last_status).toBe(row.date_1);
    }
    expect(body.initialStatuses.find((item) => item.key === 'V')?.value).toBeGreaterThan(0);
  });

  it('Entre shows every analysis date between start and end', async () => {
    const body = await report({ startDate: dates[2]!, endDate: dates[6]!, dateType: 'between' });
    expect(body.uniqueDates).toEqual(dates.slice(2, 7));
    expect(Object.keys(body.tableRows[0]!).filter((key) => /^date_\d+$/.test(key))).toHaveLength(5);
  });

  it('filters by blocks, lots, detection types, stage and observation', async () => {
    const all = await report();
    const block = all.blocksAvailable[1]!;
    const byBlock = await report({ blocks: block.block });
    expect(new Set(byBlock.tableRows.map((row) => row.block))).toEqual(new Set([block.block]));
    const lots = block.lots.slice(0, 2);
    const byLot = await report({ blocks: block.block, lots: lots.join(',') });
    expect(byLot.tableRows.map((row) => row.tag_value)).toEqual(lots);
    const byType = await report({ detectTypes: 'C' });
    expect(byType.tableRows.length).toBeGreaterThan(0);
    expect(byType.tableRows.every((row) => row.date_0 === 'C')).toBe(true);
    const stage = all.stagesAvailable[0]!;
    expect(all.stagesAvailable.length).toBeGreaterThan(0);
    const byStage = await report({ stage });
    expect(byStage.tableRows.length).toBeGreaterThan(0);
    expect(byStage.tableRows.every((row) => row.stage === stage)).toBe(true);
    const target = all.tableRows[3]!;
    await ctx.db
      .updateTable('layers')
      .set({ obs: 'Muro caído na frente' })
      .where('id', '=', target.layer_id)
      .execute();
    const byObs = await report({ obs: 'muro caído' });
    expect(byObs.tableRows.map((row) => row.layer_id)).toEqual([target.layer_id]);
    const none = await report({ obs: 'nada-assim' });
    expect(none.tableRows).toEqual([]);
  });

  it('shows unapproved AI results to ADMIN only; last-date follows', async () => {
    const extra = '2099-01-15';
    const sceneId = await kit.insertScene(ids.allotment, extra);
    await ctx.db
      .insertInto('detections')
      .values({ projectId: ids.allotment, sceneId, approved: false })
      .execute();
    const lot = (await report()).tableRows[0]!;
    await ctx.db
      .insertInto('lotStatusHistory')
      .values({ layerId: lot.layer_id, date: extra, status: 'C', precision: 0.9, sceneId, source: 'ai' })
      .execute();
    expect((await report({}, tokens.admin)).datesAvailable.at(-1)).toBe(extra);
    expect((await report()).datesAvailable.at(-1)).toBe(dates[17]);
    const lastDate = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/project/${ids.allotment}/last-date`,
        headers: bearer(token),
      });
    expect((await lastDate(tokens.admin)).json()).toEqual({ detect_date: extra });
    expect((await lastDate(tokens.manager)).json()).toEqual({ detect_date: dates[17] });
    await ctx.db.updateTable('detections').set({ approved: true }).where('sceneId', '=', sceneId).execute();
    expect((await report()).datesAvailable.at(-1)).toBe(extra);
    await ctx.db.deleteFrom('detections').where('sceneId', '=', sceneId).execute();
    await ctx.db.deleteFrom('lotStatusHistory').where('date', '=', extra).execute();
  });
});

describe('exports', () => {
  it('CSV: BOM, ; separator, YYYY-MM-DD headers, Status column in E mode, filename', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: exportUrl({
        fileType: 'csv',
        startDate: dates[0]!,
        endDate: dates[17]!,
        dateType: 'and',
        api_token: tokens.manager,
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="deteccoes-jardim-das-palmeiras-${dates[0]}-${dates[17]}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(`Etapa;Código;Quadra;Lote;${dates[0]};${dates[17]};Status;Observação`);
    const body = await report({ startDate: dates[0]!, endDate: dates[17]!, dateType: 'and' });
    expect(lines).toHaveLength(body.tableRows.length + 1);
    const first = body.tableRows[0]!;
    expect(lines[1]!.split(';').slice(0, 7)).toEqual([
      first.stage,
      first.customer_code,
      first.block,
      first.tag_value,
      first.status_name_date_0,
      first.status_name_date_1,
      first.status,
    ]);
  });

  it('XLSX read back with exceljs; status_type and specific_status narrow the rows', async () => {
    const body = await report({ startDate: dates[0]!, endDate: dates[17]!, dateType: 'and' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: exportUrl({
        fileType: 'xls',
        startDate: dates[0]!,
        endDate: dates[17]!,
        dateType: 'and',
        status_type: 'Modificado',
        api_token: tokens.manager,
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Detecções')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Etapa',
      'Código',
      'Quadra',
      'Lote',
      dates[0],
      dates[17],
      'Status',
      'Observação',
    ]);
    expect(sheet.rowCount - 1).toBe(body.diffStatus.changed);
    expect(sheet.getRow(2).getCell(7).value).toBe('Modificado');

    const only = await ctx.app.inject({
      method: 'GET',
      url: exportUrl({
        fileType: 'csv',
        startDate: dates[0]!,
        endDate: dates[17]!,
        only_last_date: '1',
        specific_status: 'C',
        specific_date: dates[17]!,
        api_token: tokens.manager,
      }),
    });
    const lines = only.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(`Etapa;Código;Quadra;Lote;${dates[17]};Observação`);
    expect(lines.length - 1).toBe(body.finalStatuses.find((item) => item.key === 'C')?.value);
    expect(lines.slice(1).every((line) => line.split(';')[4] === 'Construído')).toBe(true);
  });

  it('export-fusion is the same download; a bad fileType is 422 VALIDATION', async () => {
    const fusion = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/project/${ids.allotment}/allotments/export-fusion?fileType=csv&api_token=${tokens.manager}`,
    });
    expect(fusion.statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: exportUrl({ fileType: 'pdf', api_token: tokens.manager }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('permissions', () => {
  it('no session 401 (report and export)', async () => {
    expect((await history(null)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: exportUrl({ fileType: 'csv' }) })).statusCode).toBe(
      401,
    );
  });

  it("other customer's project 404; non-allotment project 403", async () => {
    expect((await history(tokens.other)).statusCode).toBe(404);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: exportUrl({ fileType: 'csv', api_token: tokens.other }),
    });
    expect(exported.statusCode).toBe(404);
    expect((await history(tokens.manager, {}, ids.construction)).statusCode).toBe(403);
  });

  it('user without allotment.detections 403; inactive user 403', async () => {
    const module = await ctx.db
      .selectFrom('modules')
      .select('id')
      .where('code', '=', 'allotment.detections')
      .executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('groupModules').where('moduleId', '=', module.id).execute();
    const stripped = await ctx.login('usuario@horizonte.com.br');
    const response = await history(stripped);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'MODULE_NOT_AVAILABLE' });
    await ctx.db
      .updateTable('users')
      .set({ status: false })
      .where('email', '=', 'usuario@horizonte.com.br')
      .execute();
    const inactive = await history(stripped);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ code: 'USER_INACTIVE' });
  });
});

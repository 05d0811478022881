import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINANCE_IMPORT_MESSAGES,
  importResultSchema,
  PORTFOLIO_EXAMPLE_ROW_ERROR,
  portfolioSheetColumns,
  type ImportResult,
} from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { decodeQuotedPrintable } from '../../../test/test-smtp';
import { buildZip, deflatedEntry, zeroBombEntry } from '../../../test/zip-fixtures';

let ctx: TestContext;
const tokens = { finance: '', mapOnly: '', noModules: '', other: '', inactive: '' };
let financeEmail = '';
let projectId = 0;
let customerId = 0;
const lots: Record<string, number> = {};
const HEADERS = portfolioSheetColumns(true).map((column) => column.header);

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

const importAs = (token: string, content: Buffer, filename = 'carteira.xlsx', id = projectId) => {
  const body = multipartBody({}, [{ name: 'file', filename, content }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/project/${id}/informations/import`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

async function imported(content: Buffer, filename?: string): Promise<ImportResult> {
  const response = await importAs(tokens.finance, content, filename);
  expect(response.statusCode, response.body).toBe(200);
  return importResultSchema.parse(response.json());
}

const count = async (table: 'lotInformations' | 'lotInformationChanges') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );
const snapshot = async () => ({
  informations: await count('lotInformations'),
  changes: await count('lotInformationChanges'),
});

const saleOf = (key: string) =>
  ctx.db
    .selectFrom('lotInformations')
    .selectAll()
    .where('layerId', '=', lots[key] ?? 0)
    .executeTakeFirst();

/** An .xlsx written by exceljs (as Excel would save it) from a header row and data rows. */
async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A full row in template order, with the given cells by header. */
const rowOf = (cells: Record<string, ExcelJS.CellValue>) => HEADERS.map((header) => cells[header] ?? null);

const download = (url: string, token = tokens.finance) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function readXlsx(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('sem planilha');
  return sheet;
}

const rowValues = (sheet: ExcelJS.Worksheet, index: number) =>
  (sheet.getRow(index).values as ExcelJS.CellValue[]).slice(1);

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  customerId = customer.id;
  const project = await make.buildProject({ customerId: customer.id });
  projectId = project.id;
  const ids = await ctx.services.layerImport.importLayers(
    projectId,
    ['a1', 'a2', 'a3', 'b7'].map((key, index) => ({
      type: 'LOT',
      name: `Lote ${index === 3 ? '07' : index + 1}`,
      block: index < 3 ? 'A' : 'B',
      stage: 'Etapa 1',
      customerCode: `L-${index + 1}`,
      tagValue: String(index + 1),
      sourceKey: key,
      geometry: square(-51.95 + index * 0.0003),
    })),
  );
  for (const [key, id] of ids) lots[key] = id;
  const finance = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  financeEmail = finance.email;
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
  tokens.finance = await make.signIn(finance);
  tokens.mapOnly = await make.signIn(mapOnly);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
  const seed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/information',
    headers: bearer(tokens.finance),
    payload: {
      layer_id: lots.a2,
      nome_comprador: 'João Lima',
      valor_venda: 80000,
      status_unidade: 'Vendida',
    },
  });
  expect(seed.statusCode, seed.body).toBe(200);
});
afterAll(() => ctx.close());

describe('GET informations/import/example/:projectId (template)', () => {
  it('is a real .xlsx with the columns, Etapa first, one example row and drop-down lists', async () => {
    const response = await download(`/api/v1/informations/import/example/${projectId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('.xlsx');
    const sheet = await readXlsx(response.rawPayload);
    expect(rowValues(sheet, 1)).toEqual(HEADERS);
    expect(HEADERS[0]).toBe('Etapa');
    expect(rowValues(sheet, 2).slice(0, 4)).toEqual(['Etapa 1', undefined, 'EXEMPLO', 'EXEMPLO']);
    expect(sheet.rowCount).toBe(2);
    const yesNo = sheet.getCell(
      `${sheet.getColumn(HEADERS.indexOf('Escritura') + 1).letter}5`,
    ).dataValidation;
    expect(yesNo).toMatchObject({ type: 'list', formulae: ['"Sim,Não"'] });
    expect(sheet.getCell('A9').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['Listas!$A$1:$A$1'],
    });
  });

  it('sent back unchanged, changes no lot: its example row is refused with the reason', async () => {
    const response = await download(`/api/v1/informations/import/example/${projectId}`);
    const before = await snapshot();
    const a2 = await saleOf('a2');
    const result = await imported(response.rawPayload, 'modelo.xlsx');
    expect(result.list).toEqual([{ linha: 2, sucesso: false, erros: [PORTFOLIO_EXAMPLE_ROW_ERROR] }]);
    expect(await snapshot()).toEqual(before);
    expect(await saleOf('a1')).toBeUndefined();
    expect(await saleOf('a2')).toEqual(a2);
  });

  it('never carries a real lot: not even the data of the lot that has a buyer', async () => {
    const response = await download(`/api/v1/informations/import/example/${projectId}`);
    const row = rowValues(await readXlsx(response.rawPayload), 2);
    expect(row).not.toContain('João Lima');
    expect(row).not.toContain('L-2');
  });

  it('opens by ?api_token= (a download link) and keeps others out', async () => {
    const url = `/api/v1/informations/import/example/${projectId}`;
    const link = await ctx.app.inject({ method: 'GET', url: `${url}?api_token=${tokens.finance}` });
    expect(link.statusCode).toBe(200);
    expect((await download(url, tokens.mapOnly)).statusCode).toBe(403);
    expect((await download(url, tokens.noModules)).statusCode).toBe(403);
    expect((await download(url, tokens.other)).statusCode).toBe(404);
    expect((await download(url, tokens.inactive)).statusCode).toBe(403);
  });
});

describe('GET project/:id/informations/export', () => {
  it('writes the filtered portfolio as .xlsx with the template columns, numbers and dates typed', async () => {
    const response = await download(`/api/v1/project/${projectId}/informations/export?fileType=xls&blocks=A`);
    expect(response.statusCode, response.body).toBe(200);
    const sheet = await readXlsx(response.rawPayload);
    expect(rowValues(sheet, 1)).toEqual(HEADERS);
    expect(sheet.rowCount).toBe(4);
    const joao = [2, 3, 4].map((index) => rowValues(sheet, index)).find((row) => row.includes('João Lima'));
    expect(joao?.[HEADERS.indexOf('Valor de venda')]).toBe(80000);
    expect(joao?.[HEADERS.indexOf('Lote')]).toBe('2');
  });

  it('writes CSV for pt-BR spreadsheet programs', async () => {
    const response = await download(`/api/v1/project/${projectId}/informations/export?fileType=csv&blocks=A`);
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADERS.join(';'));
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes('João Lima'))).toContain(';80000,00;');
  });

  it('keeps out users without the finance module, of another customer or inactive', async () => {
    const url = `/api/v1/project/${projectId}/informations/export?fileType=csv`;
    expect((await download(url, tokens.mapOnly)).statusCode).toBe(403);
    expect((await download(url, tokens.noModules)).statusCode).toBe(403);
    expect((await download(url, tokens.other)).statusCode).toBe(404);
    expect((await download(url, tokens.inactive)).statusCode).toBe(403);
  });

  it('an exported file edited in a spreadsheet program imports again, changing only what was edited', async () => {
    const exported = await download(`/api/v1/project/${projectId}/informations/export?fileType=xls`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const buyer = HEADERS.indexOf('Comprador') + 1;
    let edited = 0;
    sheet.eachRow((row, index) => {
      if (index > 1 && row.getCell(buyer).value === 'João Lima') {
        row.getCell(buyer).value = 'João Lima Neto';
        edited = index;
      }
    });
    expect(edited).toBeGreaterThan(1);
    const before = await snapshot();
    const result = await imported(Buffer.from(await book.xlsx.writeBuffer()), 'carteira-editada.xlsx');
    expect(result.list.every((row) => row.sucesso)).toBe(true);
    expect(result.list).toHaveLength(4);
    expect(await saleOf('a2')).toMatchObject({ nomeComprador: 'João Lima Neto', valorVenda: 80000 });
    expect(await snapshot()).toEqual({ ...before, changes: before.changes + 1 });
  });
});

describe('CPF/CNPJ do comprador in the spreadsheets', () => {
  const documentColumn = HEADERS.indexOf('CPF/CNPJ do comprador');

  it('the template has the column after Comprador, with a valid example CPF', async () => {
    expect(documentColumn).toBe(HEADERS.indexOf('Comprador') + 1);
    const response = await download(`/api/v1/informations/import/example/${projectId}`);
    const sheet = await readXlsx(response.rawPayload);
    expect(rowValues(sheet, 1)[documentColumn]).toBe('CPF/CNPJ do comprador');
    expect(rowValues(sheet, 2)[documentColumn]).toBe('529.982.247-25');
  });

  it('a CPF typed as a number gets its leading zero back; a CNPJ is kept; wrong check digits refuse the row', async () => {
    const bytes = await workbook([
      HEADERS,
      rowOf({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '1', 'CPF/CNPJ do comprador': 1234567890 }),
      rowOf({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '2', 'CPF/CNPJ do comprador': '11.222.333/0001-81' }),
      rowOf({
        Etapa: 'Etapa 1',
        Quadra: 'A',
        Lote: '3',
        'CPF/CNPJ do comprador': '012.345.678-91',
        Notas: 'x',
      }),
    ]);
    const before = await saleOf('a3');
    const result = await imported(bytes);
    expect(result.list.map((row) => row.sucesso)).toEqual([true, true, false]);
    expect(result.list[2]?.erros).toEqual([
      `CPF/CNPJ do comprador (coluna G): CPF/CNPJ inválido (confira os números e os dígitos verificadores)`,
    ]);
    expect(await saleOf('a1')).toMatchObject({ cpfCnpjComprador: '01234567890' });
    expect(await saleOf('a2')).toMatchObject({ cpfCnpjComprador: '11222333000181', nomeComprador: null });
    expect(await saleOf('a3')).toEqual(before);
  });

  it('exports the document with its mask, in .xlsx and CSV', async () => {
    const xlsx = await readXlsx(
      (await download(`/api/v1/project/${projectId}/informations/export?fileType=xls&blocks=A&lots=1`))
        .rawPayload,
    );
    expect(rowValues(xlsx, 2)[documentColumn]).toBe('012.345.678-90');
    const csv = await download(
      `/api/v1/project/${projectId}/informations/export?fileType=csv&blocks=A&lots=2`,
    );
    expect(csv.body).toContain(';11.222.333/0001-81;');
  });

  it('a sheet made before the column existed still imports and keeps the stored CPF/CNPJ', async () => {
    const older = HEADERS.filter((header) => header !== 'CPF/CNPJ do comprador');
    const bytes = await workbook([
      older,
      older.map((header) => ({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '1', Notas: 'antiga' })[header] ?? null),
    ]);
    expect((await imported(bytes)).list).toEqual([{ linha: 2, sucesso: true, erros: [] }]);
    expect(await saleOf('a1')).toMatchObject({ notas: 'antiga', cpfCnpjComprador: '01234567890' });
  });
});

describe('POST project/:id/informations/import', () => {
  it('imports valid rows, refuses bad ones whole, answers per row and e-mails the reasons', async () => {
    const mails = ctx.mail.length;
    // Columns reordered (found by name); Brazilian cells: R$ text, DD/MM/YYYY, lot '7' for '07'.
    const reordered = [...HEADERS].reverse();
    const row = (cells: Record<string, ExcelJS.CellValue>) =>
      reordered.map((header) => cells[header] ?? null);
    const bytes = await workbook([
      reordered,
      row({
        Etapa: 'Etapa 1',
        Quadra: 'B',
        Lote: 7,
        Comprador: 'Carla Dias',
        'Valor de venda': 'R$ 1.234,56',
        'Data da venda': '01/02/2024',
        Escritura: 'Sim',
        'Parcelas vencidas': 2,
      }),
      row({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '3', Comprador: 'Bruno', 'Data da venda': '31/02/2024' }),
      row({ Etapa: 'Etapa 9', Quadra: 'A', Lote: '3', Comprador: 'Ninguém' }),
      row({}),
      row({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '3', 'Valor de venda': 'caro', Escritura: 'talvez' }),
    ]);
    const before = await snapshot();
    const result = await imported(bytes);
    expect(result.list.map((item) => [item.linha, item.sucesso])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [6, false],
    ]);
    expect(result.list[1]?.erros[0]).toMatch(/^Data da venda \(coluna [A-Z]+\): data inválida/);
    expect(result.list[2]?.erros[0]).toContain('lote não encontrado');
    expect(result.list[3]?.erros).toHaveLength(3);
    expect(result.list[3]?.erros[2]).toBe('o mesmo lote já aparece na linha 3');
    expect(await saleOf('b7')).toMatchObject({
      nomeComprador: 'Carla Dias',
      valorVenda: 1234.56,
      dataVenda: '2024-02-01',
      escritura: true,
      qtdeParcelasVencidas: 2,
    });
    expect(await saleOf('a3')).toBeUndefined();
    const after = await snapshot();
    expect(after.informations).toBe(before.informations + 1);
    const history = await ctx.db
      .selectFrom('lotInformationChanges')
      .select(['field', 'source'])
      .where('layerId', '=', lots.b7 ?? 0)
      .execute();
    expect(history.every((change) => change.source === 'import')).toBe(true);
    expect(history.map((change) => change.field).sort()).toEqual(
      ['data_venda', 'escritura', 'nome_comprador', 'qtde_parcelas_vencidas', 'valor_venda'].sort(),
    );
    expect(ctx.mail.length).toBe(mails + 1);
    const mail = ctx.mail[ctx.mail.length - 1];
    expect(mail?.to).toEqual([financeEmail]);
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain(FINANCE_IMPORT_MESSAGES.someImported(1, 3));
    expect(text).toContain('Linha 3 (Etapa Etapa 1, Quadra A, Lote 3): Data da venda');
    expect(text).toContain('Linha 4 (Etapa Etapa 9, Quadra A, Lote 3): lote não encontrado');
    expect(text).toContain('Linha 6');
  });

  it('reads binary .xls and the HTML an ERP saves as .xls', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      HEADERS,
      rowOf({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '3', Notas: 'via xls' }),
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Plan1');
    const xls = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
    expect((await imported(xls, 'carteira.xls')).list).toEqual([{ linha: 2, sucesso: true, erros: [] }]);
    expect(await saleOf('a3')).toMatchObject({ notas: 'via xls' });

    const cells = rowOf({
      Etapa: 'Etapa 1',
      Quadra: 'A',
      Lote: '3',
      'Valor de venda': 'R$ 99.000,00',
      'Data da venda': '05/06/2023',
    });
    const html =
      '<html><head><meta charset="utf-8"></head><body><table><tr><td colspan="3">Relatório do ERP</td></tr>' +
      `<tr>${HEADERS.map((header) => `<th>${header}</th>`).join('')}</tr>` +
      `<tr>${cells.map((cell) => `<td>${cell === null ? '' : String(cell)}</td>`).join('')}</tr></table></body></html>`;
    expect((await imported(Buffer.from(html), 'erp.xls')).list).toEqual([
      { linha: 3, sucesso: true, erros: [] },
    ]);
    expect(await saleOf('a3')).toMatchObject({ valorVenda: 99000, dataVenda: '2023-06-05', notas: null });
  });

  describe('refuses a bad file whole and changes nothing', () => {
    const refused = async (content: Buffer, status: number, message: string | RegExp, filename?: string) => {
      const before = await snapshot();
      const mails = ctx.mail.length;
      const response = await importAs(tokens.finance, content, filename);
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<{ message: string }>();
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
      expect(ctx.mail.length).toBe(mails);
    };

    it('a file that is not a spreadsheet, whatever its name', async () => {
      await refused(Buffer.from('%PDF-1.7\n...'), 415, FINANCE_IMPORT_MESSAGES.invalidType, 'carteira.xlsx');
      await refused(Buffer.from('a;b;c\n1;2;3'), 415, FINANCE_IMPORT_MESSAGES.invalidType, 'carteira.xls');
    });

    it('a malformed workbook', async () => {
      await refused(Buffer.from('PK\u0003\u0004 not really a zip'), 422, FINANCE_IMPORT_MESSAGES.malformed);
      await refused(
        buildZip([deflatedEntry('[Content_Types].xml', '<Types/>')]),
        422,
        FINANCE_IMPORT_MESSAGES.malformed,
      );
    });

    it('a file over 10 MB', async () => {
      const big = Buffer.concat([await workbook([HEADERS]), Buffer.alloc(10 * 1024 * 1024)]);
      await refused(big, 413, FINANCE_IMPORT_MESSAGES.tooLarge);
    });

    it('a zip bomb (260 KB inflating to 256 MB) and an XML entity bomb', async () => {
      const bomb = await zeroBombEntry('xl/worksheets/sheet1.xml', 1024 * 1024 * 1024);
      expect(bomb.compressed.length).toBeLessThan(2 * 1024 * 1024);
      await refused(
        buildZip([deflatedEntry('[Content_Types].xml', '<Types/>'), bomb]),
        422,
        FINANCE_IMPORT_MESSAGES.bomb,
      );
      const laughs =
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>' +
        '<worksheet>&lol2;</worksheet>';
      await refused(
        buildZip([
          deflatedEntry('[Content_Types].xml', '<Types/>'),
          deflatedEntry('xl/worksheets/sheet1.xml', laughs),
        ]),
        422,
        FINANCE_IMPORT_MESSAGES.entities,
      );
    });

    it('renamed, missing or added columns, named clearly', async () => {
      const renamed = HEADERS.map((header) => (header === 'Valor de venda' ? 'Preço' : header));
      await refused(
        await workbook([renamed, rowOf({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '1' })]),
        422,
        /'Preço' \(coluna K\).*ausentes: 'Valor de venda'/,
      );
      await refused(
        await workbook([[...HEADERS, 'Observação extra']]),
        422,
        /'Observação extra' \(coluna W\)/,
      );
    });

    it('a sheet with no rows', async () => {
      await refused(await workbook([HEADERS]), 422, FINANCE_IMPORT_MESSAGES.emptySheet);
    });

    it('no file at all', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/project/${projectId}/informations/import`,
        headers: { ...bearer(tokens.finance), ...multipartBody({ note: 'x' }, []).headers },
        payload: multipartBody({ note: 'x' }, []).payload,
      });
      expect(response.statusCode).toBe(422);
    });
  });

  it('keeps out users without the finance module, of another customer or inactive, changing nothing', async () => {
    const bytes = await workbook([
      HEADERS,
      rowOf({ Etapa: 'Etapa 1', Quadra: 'A', Lote: '1', Notas: 'intruso' }),
    ]);
    const before = await snapshot();
    expect((await importAs(tokens.mapOnly, bytes)).statusCode).toBe(403);
    expect((await importAs(tokens.noModules, bytes)).statusCode).toBe(403);
    expect((await importAs(tokens.other, bytes)).statusCode).toBe(404);
    expect((await importAs(tokens.inactive, bytes)).statusCode).toBe(403);
    expect((await importAs(tokens.finance, bytes, 'x.xlsx', 999_999)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the template in a project whose real lot is called Quadra EXEMPLO, Lote EXEMPLO', () => {
  it('still refuses its example row: the real lot keeps an empty record', async () => {
    const make = factories(ctx);
    const project = await make.buildProject({ customerId });
    const ids = await ctx.services.layerImport.importLayers(project.id, [
      {
        type: 'LOT',
        name: 'Lote EXEMPLO',
        block: 'EXEMPLO',
        stage: 'Etapa 1',
        customerCode: 'L-EX',
        tagValue: 'EX',
        sourceKey: 'exemplo',
        geometry: square(-51.9),
      },
    ]);
    const id = ids.get('exemplo') ?? 0;
    const admin = await make.signIn(await make.buildUser('ADMIN', [], { customerId }));
    const response = await download(`/api/v1/informations/import/example/${project.id}`, admin);
    const sent = await importAs(admin, response.rawPayload, 'modelo.xlsx', project.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const result = importResultSchema.parse(sent.json());
    expect(result.list[0]?.sucesso).toBe(false);
    const stored = await ctx.db
      .selectFrom('lotInformations')
      .selectAll()
      .where('layerId', '=', id)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });
});

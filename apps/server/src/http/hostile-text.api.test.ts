import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentAnalysis } from '../../test/environment-test-kit';
import { factories } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { simplePlanPdf } from '../../test/pdf-fixtures';
import { tableChecksums } from '../../test/fuzz/table-checksum';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { FILE_NAME_INVALID } from './upload-file-name';
import { LONE_SURROGATE_MESSAGE } from './well-formed-text';

/*
 * Texts no UTF-8 database can keep — a NUL in an uploaded file's name, a lone UTF-16 surrogate in a JSON text —
 * and the year 0000, which PostgreSQL has not, are refused with a pt-BR 4xx and change nothing.
 */

let ctx: TestContext;
let admin: string;
let allotment: number;
let construction: number;
let environment: number;
let analysis: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@mirante.app.br');
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  allotment = (await make.buildProject({ customerId: customer.id })).id;
  construction = (await make.buildProject({ customerId: customer.id, projectType: 'CONSTRUCTION' })).id;
  environment = (await make.buildProject({ customerId: customer.id, projectType: 'ENVIRONMENT' })).id;
  await ctx.db.updateTable('projects').set({ hasReport: true }).where('id', '=', environment).execute();
  const before = await make.buildScene(environment, { date: '2025-03-01' });
  const after = await make.buildScene(environment, { date: '2025-07-01' });
  analysis = await environmentAnalysis(ctx, { projectId: environment, before, after, approved: true });
});
afterAll(() => ctx?.close());

async function refusedWithoutChange(request: {
  method: 'GET' | 'POST';
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}): Promise<{ status: number; message: string }> {
  const before = await tableChecksums(ctx.db);
  const response = await ctx.app.inject({ ...request, headers: { ...bearer(admin), ...request.headers } });
  expect(await tableChecksums(ctx.db)).toEqual(before);
  return { status: response.statusCode, message: response.json<{ message: string }>().message };
}

describe('a NUL in the name of an uploaded file that is otherwise good', () => {
  const upload = (url: string, fields: Record<string, string>, filename: string, content: Buffer) => {
    const body = multipartBody(fields, [{ name: 'file', filename, content }]);
    return refusedWithoutChange({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };

  it("is refused by the overlay upload (a construction project's plan)", async () => {
    const answer = await upload(
      '/api/v1/overlays/file',
      { project_id: String(construction) },
      'planta\u0000.pdf',
      simplePlanPdf(),
    );
    expect(answer).toEqual({ status: 422, message: FILE_NAME_INVALID });
  });

  it("is refused by the environment report's upload (a published analysis)", async () => {
    const answer = await upload(
      `/api/v1/project/${environment}/detect/${analysis}/report/file`,
      {},
      'relatorio\u0000.pdf',
      simplePlanPdf(),
    );
    expect(answer).toEqual({ status: 422, message: FILE_NAME_INVALID });
  });

  it("is refused by the portfolio import (the project's own template)", async () => {
    const template = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/informations/import/example/${allotment}`,
      headers: bearer(admin),
    });
    expect(template.statusCode).toBe(200);
    const answer = await upload(
      `/api/v1/project/${allotment}/informations/import`,
      {},
      'carteira\u0000.xlsx',
      template.rawPayload,
    );
    expect(answer).toEqual({ status: 422, message: FILE_NAME_INVALID });
  });

  it('is refused by the scene upload', async () => {
    const answer = await upload(
      '/api/v1/scene',
      { project: String(allotment), date: '2025-01-15' },
      'cena\u0000.tif',
      Buffer.from('II*\u0000'),
    );
    expect(answer).toEqual({ status: 422, message: FILE_NAME_INVALID });
  });
});

describe('a lone surrogate in a JSON text', () => {
  async function currentUnitFields(): Promise<Record<string, string>> {
    const current = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/integration/unit-fields',
      headers: bearer(admin),
    });
    return current.json<Record<string, string>>();
  }

  it.each(['lot_code', 'block'])('in %s of the unit-field mapping is refused', async (key) => {
    const fields = await currentUnitFields();
    const answer = await refusedWithoutChange({
      method: 'POST',
      url: '/api/v1/integration/unit-fields',
      payload: { ...fields, [key]: 'campo\ud800' },
    });
    expect(answer).toEqual({ status: 422, message: LONE_SURROGATE_MESSAGE });
  });

  it('in a nested text or a key of any JSON body is refused', async () => {
    const answer = await refusedWithoutChange({
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'Projeto', nested: [{ ['\udc00']: 'x' }] },
    });
    expect(answer).toEqual({ status: 422, message: LONE_SURROGATE_MESSAGE });
  });

  it('but a surrogate pair (an emoji) is text like any other', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/integration/unit-fields',
      headers: bearer(admin),
      payload: { ...(await currentUnitFields()), lot_code: 'campo 😀' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Record<string, string>>().lot_code).toBe('campo 😀');
  });
});

describe('the year 0000', () => {
  it('is refused as the month of GET scenes/without-detect', async () => {
    const answer = await refusedWithoutChange({
      method: 'GET',
      url: '/api/v1/scenes/without-detect?month=0000-01',
    });
    expect(answer).toEqual({ status: 422, message: 'Mês inválido: use AAAA-MM. (month)' });
  });
});

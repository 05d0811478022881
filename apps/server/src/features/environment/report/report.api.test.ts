import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_PDF_MAX_BYTES, type OldDetection } from '@mirante/shared';
import { environmentAnalysis, environmentAudience } from '../../../../test/environment-test-kit';
import { factories } from '../../../../test/factories';
import { multipartBody } from '../../../../test/multipart';
import { simplePlanPdf } from '../../../../test/pdf-fixtures';
import { bearer, createTestContext, type TestContext } from '../../../../test/test-app';

let ctx: TestContext;
let admin: string;
let manager: string;
let noModule: string;
let otherCustomer: string;
let inactive: string;
let projectId: number;
let disabledProjectId: number;
let published: number;
let unpublished: number;

const call = (token: string, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token) });

function upload(token: string, detectId: number, content: Buffer, filename = 'relatorio.pdf') {
  const body = multipartBody({}, [{ name: 'file', filename, content, contentType: 'application/pdf' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/project/${projectId}/detect/${detectId}/report/file`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const list = async (token: string, project = projectId) =>
  (await call(token, 'GET', `/project/${project}/detections-old`)).json<OldDetection[]>();

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  const project = await make.buildProject({ customerId: customer.id, projectType: 'ENVIRONMENT' });
  const disabled = await make.buildProject({ customerId: customer.id, projectType: 'ENVIRONMENT' });
  projectId = project.id;
  disabledProjectId = disabled.id;
  await ctx.db.updateTable('projects').set({ hasReport: true }).where('id', '=', projectId).execute();
  const scenes = [];
  for (const date of ['2025-03-01', '2025-07-01', '2025-11-01'])
    scenes.push(await make.buildScene(projectId, { date }));
  const [a, b, c] = scenes as [number, number, number];
  published = await environmentAnalysis(ctx, { projectId, before: a, after: b, approved: true });
  unpublished = await environmentAnalysis(ctx, { projectId, before: b, after: c });
  ({ admin, manager, noModule, otherCustomer, inactive } = await environmentAudience(ctx, {
    customerId: customer.id,
    projectIds: [projectId, disabledProjectId],
    modules: ['environment.map', 'environment.analysis', 'environment.report'],
    missing: 'environment.report',
  }));
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET project/{id}/detections-old', () => {
  it('lists the published analyses with the generated report URL and the scenes’ dates', async () => {
    const rows = await list(manager);
    expect(rows.map((row) => row.detectId)).toEqual([published]);
    expect(rows[0]).toMatchObject({
      urlReport: `/api/v1/project/${projectId}/detect/${published}/report`,
      beforeScene: { isoDate: '2025-03-01' },
      afterScene: { isoDate: '2025-07-01' },
      beforeDate: '01/03/2025',
      afterDate: '01/07/2025',
      uploaded: null,
    });
    expect((await list(admin)).map((row) => row.detectId)).toEqual([unpublished, published]);
  });

  it('has no report URL while the analysis is still being processed', async () => {
    await ctx.db
      .updateTable('detections')
      .set({ processingState: 'processing' })
      .where('id', '=', unpublished)
      .execute();
    const row = (await list(admin)).find((r) => r.detectId === unpublished);
    expect(row?.urlReport).toBeNull();
    await ctx.db
      .updateTable('detections')
      .set({ processingState: 'done' })
      .where('id', '=', unpublished)
      .execute();
  });

  it('answers the spec’s message for a project without its report, and refuses others', async () => {
    const disabled = await call(manager, 'GET', `/project/${disabledProjectId}/detections-old`);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe(REPORT_MESSAGES.notEnabled);
    const url = `/project/${projectId}/detections-old`;
    expect((await call(noModule, 'GET', url)).statusCode).toBe(403);
    expect((await call(otherCustomer, 'GET', url)).statusCode).toBe(404);
    expect((await call(inactive, 'GET', url)).statusCode).toBe(403);
  });
});

describe('the uploaded report PDF', () => {
  it('is uploaded by an ADMIN, replaces the generated one in urlReport, and is downloaded as sent', async () => {
    const pdf = simplePlanPdf();
    const response = await upload(admin, published, pdf, 'laudo.pdf');
    expect(response.statusCode).toBe(200);
    const url = `/api/v1/project/${projectId}/detect/${published}/report/file`;
    expect(response.json<OldDetection>()).toMatchObject({ urlReport: url, uploaded: { name: 'laudo.pdf' } });
    expect((await list(manager))[0]?.urlReport).toBe(url);
    const file = await call(manager, 'GET', `/project/${projectId}/detect/${published}/report/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
  });

  it('replaces the stored file on a second upload, leaving one file', async () => {
    const before = await ctx.db
      .selectFrom('environmentReportFiles')
      .select('storageKey')
      .executeTakeFirstOrThrow();
    const second = Buffer.concat([simplePlanPdf(), Buffer.from('\n% segunda versão\n')]);
    expect((await upload(admin, published, second, 'laudo-2.pdf')).statusCode).toBe(200);
    const after = await ctx.db.selectFrom('environmentReportFiles').selectAll().execute();
    expect(after).toHaveLength(1);
    expect(after[0]?.storageKey).not.toBe(before.storageKey);
    expect(existsSync(path.join(ctx.config.storageDir, before.storageKey))).toBe(false);
    const file = await call(manager, 'GET', `/project/${projectId}/detect/${published}/report/file`);
    expect(file.rawPayload.length).toBe(second.length);
  });

  it('refuses a file that is not a PDF by its content, changing nothing', async () => {
    const response = await upload(admin, published, Buffer.from('GIF89a not a report'), 'falso.pdf');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(REPORT_MESSAGES.pdfOnly);
    expect((await list(admin)).find((r) => r.detectId === published)?.uploaded?.name).toBe('laudo-2.pdf');
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([simplePlanPdf(), Buffer.alloc(REPORT_PDF_MAX_BYTES + 1, 32)]);
    const response = await upload(admin, published, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(REPORT_MESSAGES.pdfTooLarge);
  });

  it('is uploaded and removed only by an ADMIN; others are refused before the file is read', async () => {
    const pdf = simplePlanPdf();
    expect((await upload(manager, published, pdf)).statusCode).toBe(403);
    expect((await upload(noModule, published, pdf)).statusCode).toBe(403);
    expect((await upload(otherCustomer, published, pdf)).statusCode).toBe(404);
    expect((await upload(inactive, published, pdf)).statusCode).toBe(403);
    const remove = `/project/${projectId}/detect/${published}/report/file/delete`;
    expect((await call(manager, 'POST', remove)).statusCode).toBe(403);
    expect((await call(otherCustomer, 'POST', remove)).statusCode).toBe(404);
    const file = `/project/${projectId}/detect/${published}/report/file`;
    expect((await call(noModule, 'GET', file)).statusCode).toBe(403);
    expect((await call(otherCustomer, 'GET', file)).statusCode).toBe(404);
    expect((await call(inactive, 'GET', file)).statusCode).toBe(403);
    // An unpublished analysis's report is not shown to a MANAGER.
    const hidden = `/project/${projectId}/detect/${unpublished}/report`;
    expect((await call(manager, 'GET', hidden)).statusCode).toBe(404);
  });

  it('is removed by an ADMIN: the generated report is the URL again and the file is gone', async () => {
    const key = (
      await ctx.db.selectFrom('environmentReportFiles').select('storageKey').executeTakeFirstOrThrow()
    ).storageKey;
    const response = await call(
      admin,
      'POST',
      `/project/${projectId}/detect/${published}/report/file/delete`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<OldDetection>()).toMatchObject({
      urlReport: `/api/v1/project/${projectId}/detect/${published}/report`,
      uploaded: null,
    });
    expect(existsSync(path.join(ctx.config.storageDir, key))).toBe(false);
    const file = await call(manager, 'GET', `/project/${projectId}/detect/${published}/report/file`);
    expect(file.statusCode).toBe(404);
    expect(file.json().message).toBe(REPORT_MESSAGES.notFound);
    const again = await call(admin, 'POST', `/project/${projectId}/detect/${published}/report/file/delete`);
    expect(again.statusCode).toBe(404);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCHEDULED_REPORT_MESSAGES,
  type ReportRun,
  type ReportSchedule,
  type ReportSchedules,
} from '@mirante/shared';
import { factories, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { decodeQuotedPrintable } from '../../../test/test-smtp';
import { loadDemoLayers } from '../demo/demo-layers.loader';

let ctx: TestContext;
let make: Factories;
let projectId: number;
const tokens = {
  admin: '',
  manager: '',
  user: '',
  valeVerde: '',
  otherManager: '',
  noModule: '',
  inactive: '',
};
const ids = { manager: 0, user: 0, valeVerde: 0 };
let scratch: string;

const base = () => `/api/v1/project/${projectId}/report-schedules`;
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The attachments of a captured message: base64 MIME parts named by their filename. */
function attachments(raw: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(raw)?.[1];
  if (!boundary) return files;
  for (const part of raw.split(`--${boundary}`)) {
    const name = /filename="?([^"\r\n;]+)"?/.exec(part)?.[1];
    if (!name) continue;
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/[^A-Za-z0-9+/=]/g, '');
    files.set(name, Buffer.from(body, 'base64'));
  }
  return files;
}

/** The PDF's text (pdftotext) and its pages rendered by pdftoppm, checked to be drawn (not blank). */
async function readPdf(pdf: Buffer, name: string): Promise<{ text: string; pages: string[] }> {
  const file = path.join(scratch, `${name}.pdf`);
  await writeFile(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(scratch, name)]);
  const pages = (await readdir(scratch))
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .map((f) => path.join(scratch, f));
  return { text, pages };
}

const mailsTo = (email: string) => ctx.mail.filter((mail) => mail.to.includes(email));

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'mirante-report-pdf-'));
  const project = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  projectId = project.id;
  expect(await loadDemoLayers(ctx.db, ctx.services.layerImport)).toBeGreaterThan(500);
  const userId = async (email: string) =>
    (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  ids.manager = await userId('gerente@horizonte.com.br');
  ids.user = await userId('usuario@horizonte.com.br');
  ids.valeVerde = await userId('usuario@valeverde.com.br');
  tokens.admin = await ctx.login('admin@mirante.app.br');
  tokens.manager = await ctx.login('gerente@horizonte.com.br');
  tokens.user = await ctx.login('usuario@horizonte.com.br');
  tokens.valeVerde = await ctx.login('usuario@valeverde.com.br');
  const other = await make.buildUser('MANAGER', ['allotment.map', 'allotment.detections']);
  tokens.otherManager = await make.signIn(other);
  const customerId = (
    await ctx.db
      .selectFrom('projects')
      .select('customerId')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow()
  ).customerId;
  const noModule = await make.buildUser('MANAGER', ['allotment.map'], {
    customerId,
    projectIds: [projectId],
  });
  tokens.noModule = await make.signIn(noModule);
  const inactive = await make.buildUser('MANAGER', ['allotment.map', 'allotment.detections'], {
    customerId,
    projectIds: [projectId],
  });
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
  await scenesOfLastTwoDates();
});

/**
 * Published scenes of the project's last two analysis dates: PNGs over the whole project (a green field, then
 * the same field with grey roofs), so the invaded lots' before/after images are cut from real files.
 */
async function scenesOfLastTwoDates(): Promise<void> {
  const dates = await ctx.db
    .selectFrom('lotStatusHistory as h')
    .innerJoin('layers as l', 'l.id', 'h.layerId')
    .select('h.date')
    .distinct()
    .where('l.projectId', '=', projectId)
    .orderBy('h.date', 'desc')
    .limit(2)
    .execute();
  const boxes = await ctx.db
    .selectFrom('layers')
    .select('bbox')
    .where('projectId', '=', projectId)
    .where('type', '=', 'LOT')
    .execute();
  const west = Math.min(...boxes.map((b) => b.bbox[0] as number)) - 0.001;
  const south = Math.min(...boxes.map((b) => b.bbox[1] as number)) - 0.001;
  const east = Math.max(...boxes.map((b) => b.bbox[2] as number)) + 0.001;
  const north = Math.max(...boxes.map((b) => b.bbox[3] as number)) + 0.001;
  for (const [index, { date }] of dates.entries()) {
    const field = sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#5f8f3a' } });
    const png = await (
      index === 0
        ? field.composite([
            {
              input: Buffer.from(
                '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><pattern id="r" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="#9a9a9a"/></pattern><rect width="1200" height="1200" fill="url(#r)"/></svg>',
              ),
            },
          ])
        : field
    )
      .png()
      .toBuffer();
    const key = `scenes/p${projectId}/${date}-relatorio/original.png`;
    await mkdir(path.dirname(path.join(ctx.config.storageDir, key)), { recursive: true });
    await writeFile(path.join(ctx.config.storageDir, key), png);
    const sceneId = await make.buildScene(projectId, { date, published: true });
    await ctx.db
      .updateTable('scenes')
      .set({ sourceKind: 'png', originalKey: key, sourceBounds: [west, south, east, north] })
      .where('id', '=', sceneId)
      .execute();
  }
}

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await ctx?.close();
});

describe('who schedules reports', () => {
  it('refuses a USER, another customer, a manager without the detections module and an inactive one', async () => {
    const body = { frequency: 'weekly', day: 1, user_ids: [ids.manager] };
    for (const [token, status] of [
      [tokens.user, 403],
      [tokens.valeVerde, 403],
      [tokens.otherManager, 404],
      [tokens.noModule, 403],
      [tokens.inactive, 403],
    ] as const) {
      expect((await call(token, 'GET', base())).statusCode).toBe(status);
      expect((await call(token, 'POST', base(), body)).statusCode).toBe(status);
    }
    expect(await ctx.db.selectFrom('reportSchedules').selectAll().execute()).toEqual([]);
  });

  it('lists the project’s users with the detections module as the candidates', async () => {
    const response = await call(tokens.manager, 'GET', base());
    expect(response.statusCode).toBe(200);
    const list = response.json<ReportSchedules>();
    expect(list.schedules).toEqual([]);
    const candidates = list.candidates.map((c) => c.id);
    expect(candidates).toEqual(expect.arrayContaining([ids.manager, ids.user]));
    expect(candidates).not.toContain(ids.valeVerde);
  });

  it('refuses recipients outside the project and impossible days with pt-BR messages, storing nothing', async () => {
    const outsider = await call(tokens.manager, 'POST', base(), {
      frequency: 'weekly',
      day: 1,
      user_ids: [ids.manager, ids.valeVerde],
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toMatchObject({
      code: 'REPORT_RECIPIENTS_INVALID',
      message: SCHEDULED_REPORT_MESSAGES.recipientsInvalid,
    });
    const badDay = await call(tokens.manager, 'POST', base(), {
      frequency: 'monthly',
      day: 31,
      user_ids: [ids.user],
    });
    expect(badDay.statusCode).toBe(422);
    expect(badDay.json().message).toContain(SCHEDULED_REPORT_MESSAGES.monthDayInvalid);
    const weekly = await call(tokens.manager, 'POST', base(), {
      frequency: 'weekly',
      day: 7,
      user_ids: [ids.user],
    });
    expect(weekly.statusCode).toBe(422);
    const none = await call(tokens.manager, 'POST', base(), { frequency: 'weekly', day: 1, user_ids: [] });
    expect(none.json().message).toContain(SCHEDULED_REPORT_MESSAGES.recipientsRequired);
    expect(await ctx.db.selectFrom('reportSchedules').selectAll().execute()).toEqual([]);
  });
});

describe('a weekly report', { timeout: 300_000 }, () => {
  let schedule: ReportSchedule;

  it('is scheduled by the MANAGER for Monday 07:00 in Brasília', async () => {
    const response = await call(tokens.manager, 'POST', base(), {
      frequency: 'weekly',
      day: 1,
      user_ids: [ids.manager, ids.user],
    });
    expect(response.statusCode, response.body).toBe(201);
    schedule = response.json<ReportSchedule>();
    expect(schedule).toMatchObject({
      frequency: 'weekly',
      day: 1,
      description: 'Toda segunda-feira, às 07:00',
    });
    const next = new Date(schedule.next_run_at);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(10);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(schedule.recipients.map((r) => r.id).sort()).toEqual([ids.manager, ids.user].sort());
  });

  it('is reached only through its own project, by a MANAGER or ADMIN who sees it', async () => {
    const construction = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('projectType', '=', 'CONSTRUCTION')
      .executeTakeFirstOrThrow();
    const wrong = `/api/v1/project/${construction.id}/report-schedules/${schedule.id}/send`;
    expect((await call(tokens.admin, 'POST', wrong)).statusCode).toBe(422);
    const send = `${base()}/${schedule.id}/send`;
    expect((await call(tokens.otherManager, 'POST', send)).statusCode).toBe(404);
    expect((await call(tokens.user, 'POST', send)).statusCode).toBe(403);
    expect(await ctx.db.selectFrom('reportRuns').selectAll().execute()).toEqual([]);
  });

  it("'Enviar agora' mails each recipient the PDF and the detections spreadsheet, finance only to who may see it", async () => {
    const before = ctx.mail.length;
    const response = await call(tokens.manager, 'POST', `${base()}/${schedule.id}/send`);
    expect(response.statusCode, response.body).toBe(200);
    const run = response.json<ReportRun>();
    expect(run).toMatchObject({ kind: 'now', state: 'sent', sent_count: 2, skipped_count: 0 });
    expect(ctx.mail.length).toBe(before + 2);

    const managerMail = mailsTo('gerente@horizonte.com.br').at(-1)?.raw ?? '';
    const userMail = mailsTo('usuario@horizonte.com.br').at(-1)?.raw ?? '';
    expect(managerMail).toContain('Relatório semanal - Jardim das Palmeiras');
    expect(managerMail).toContain('text/html');
    // The map link names the project, so it opens on it whichever project the reader last chose.
    expect(decodeQuotedPrintable(managerMail)).toContain(
      `/page/fusion-map?projeto=${String(schedule.project_id)}`,
    );
    const managerFiles = attachments(managerMail);
    const names = [...managerFiles.keys()];
    expect(names.some((n) => n.endsWith('.pdf'))).toBe(true);
    expect(names.some((n) => n.endsWith('.xlsx'))).toBe(true);
    const pdf = [...managerFiles.entries()].find(([n]) => n.endsWith('.pdf'))?.[1] as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const managerPdf = await readPdf(pdf, 'gerente');
    expect(managerPdf.text).toContain('Relatório semanal');
    expect(managerPdf.text).toContain('Situação dos lotes em');
    expect(managerPdf.text).toContain('Mudanças desde');
    expect(managerPdf.text).toContain('Invasões');
    // The invaded lots are shown on both dates' scenes, cut from their files.
    expect(managerPdf.text).toMatch(/\d+ lote\(s\) com invasão em/);
    expect(managerPdf.text).toContain('Antes (');
    expect(managerPdf.text).not.toContain('Imagem indisponível');
    expect(managerPdf.text).toContain('Financeiro');
    expect(managerPdf.text).toContain('Valor total de vendas');
    expect(managerPdf.pages.length).toBeGreaterThanOrEqual(1);
    // The first page is drawn: the map's colours, not a blank page.
    const stats = await sharp(await readFile(managerPdf.pages[0] as string)).stats();
    expect(stats.channels.some((channel) => channel.stdev > 20)).toBe(true);

    const userFiles = attachments(userMail);
    const userPdf = [...userFiles.entries()].find(([n]) => n.endsWith('.pdf'))?.[1] as Buffer;
    const read = await readPdf(userPdf, 'usuario');
    expect(read.text).toContain('Situação dos lotes em');
    expect(read.text).not.toContain('Financeiro');
    expect(read.text).not.toContain('Valor total de vendas');

    // The spreadsheet is the detections list's own .xlsx, every lot of the project.
    const sheet = [...userFiles.entries()].find(([n]) => n.endsWith('.xlsx'))?.[1] as Buffer;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Detecções')?.rowCount ?? 0;
    const lots = await ctx.db
      .selectFrom('layers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('projectId', '=', projectId)
      .where('type', '=', 'LOT')
      .executeTakeFirstOrThrow();
    expect(rows).toBe(Number(lots.n) + 1);
  });

  it('the test send leaves the schedule’s next date and its "changes since" date as they were', async () => {
    const row = await ctx.db
      .selectFrom('reportSchedules')
      .selectAll()
      .where('id', '=', schedule.id)
      .executeTakeFirstOrThrow();
    expect(row.nextRunAt.toISOString()).toBe(schedule.next_run_at);
    expect(row.lastStatusDate).toBeNull();
    expect(row.lastSentAt).not.toBeNull();
  });

  it('skips a recipient inactivated since, and one removed from the project', async () => {
    await ctx.db.updateTable('users').set({ status: false }).where('id', '=', ids.user).execute();
    const before = ctx.mail.length;
    const run = (await call(tokens.manager, 'POST', `${base()}/${schedule.id}/send`)).json<ReportRun>();
    expect(run).toMatchObject({ state: 'sent', sent_count: 1, skipped_count: 1 });
    expect(
      ctx.mail
        .slice(before)
        .map((m) => m.to)
        .flat(),
    ).toEqual(['gerente@horizonte.com.br']);
    await ctx.db.updateTable('users').set({ status: true }).where('id', '=', ids.user).execute();

    await ctx.db
      .deleteFrom('userProjects')
      .where('userId', '=', ids.user)
      .where('projectId', '=', projectId)
      .execute();
    const removed = (await call(tokens.manager, 'POST', `${base()}/${schedule.id}/send`)).json<ReportRun>();
    expect(removed).toMatchObject({ state: 'sent', sent_count: 1, skipped_count: 1 });
    await make.linkUsers(projectId, [ids.user]);
  });

  it('is sent once when due: the tick makes one run, moves the next date and keeps the date for the next changes', async () => {
    await ctx.db
      .updateTable('reportSchedules')
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where('id', '=', schedule.id)
      .execute();
    const before = ctx.mail.length;
    expect(await ctx.services.scheduledReports.tick()).toBe(1);
    expect(await ctx.services.scheduledReports.tick()).toBe(0);
    expect(ctx.mail.length).toBe(before + 2);
    const runs = await ctx.db.selectFrom('reportRuns').selectAll().where('kind', '=', 'scheduled').execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]?.state).toBe('sent');
    const row = await ctx.db
      .selectFrom('reportSchedules')
      .selectAll()
      .where('id', '=', schedule.id)
      .executeTakeFirstOrThrow();
    expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(row.lastStatusDate).toBe(runs[0]?.statusDate);
    expect(row.lastStatusDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is changed and deleted by the MANAGER; its last run shows in the list', async () => {
    const url = `${base()}/${schedule.id}`;
    const updated = await call(tokens.manager, 'POST', url, {
      frequency: 'monthly',
      day: 5,
      user_ids: [ids.manager],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<ReportSchedule>()).toMatchObject({
      frequency: 'monthly',
      day: 5,
      description: 'Todo dia 5 do mês, às 07:00',
    });
    const list = (await call(tokens.manager, 'GET', base())).json<ReportSchedules>();
    expect(list.schedules[0]?.last_run).toMatchObject({ kind: 'scheduled', state: 'sent' });
    expect((await call(tokens.user, 'POST', `${url}/delete`)).statusCode).toBe(403);
    const removed = await call(tokens.manager, 'POST', `${url}/delete`);
    expect(removed.json()).toEqual({ message: SCHEDULED_REPORT_MESSAGES.deleted });
    expect((await call(tokens.manager, 'POST', `${url}/delete`)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('reportRuns').selectAll().execute()).toEqual([]);
  });
});

describe('the report e-mail’s unsubscribe link', { timeout: 300_000 }, () => {
  const recipientsOf = async (scheduleId: number) =>
    (
      await ctx.db
        .selectFrom('reportScheduleRecipients')
        .select('userId')
        .where('scheduleId', '=', scheduleId)
        .orderBy('userId')
        .execute()
    ).map((row) => row.userId);
  const unsubscribe = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/report-schedules/unsubscribe?token=${encodeURIComponent(token)}`,
    });

  it('takes its recipient off that schedule only; a tampered token changes nothing', async () => {
    const make2 = async (day: number) => {
      const response = await call(tokens.manager, 'POST', base(), {
        frequency: 'weekly',
        day,
        user_ids: [ids.manager, ids.user],
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ReportSchedule>().id;
    };
    const first = await make2(2);
    const second = await make2(3);
    const before = ctx.mail.length;
    expect((await call(tokens.manager, 'POST', `${base()}/${first}/send`)).statusCode).toBe(200);
    const mail = ctx.mail.slice(before).find((m) => m.to.includes('usuario@horizonte.com.br'));
    const body = decodeQuotedPrintable(mail?.raw ?? '');
    // The HTML and the text part carry the page; the header carries the one-click address.
    const pages = [...body.matchAll(/https?:\/\/[^\s"<>]+\/auth\/reports-unsubscribe\?token=([^\s"<>&]+)/g)];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(body).toMatch(
      /List-Unsubscribe:\s+<https?:\/\/[^>]+\/api\/v1\/report-schedules\/unsubscribe\?token=/,
    );
    expect(body).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const token = decodeURIComponent(pages[0]![1]!);

    const tampered = await unsubscribe(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json<{ message: string }>().message).toBe(SCHEDULED_REPORT_MESSAGES.unsubscribeInvalid);
    // The same user and signature on the other schedule's id: not a token this server signed.
    const forged = await unsubscribe(token.replace(/^(\d+)\.(\d+)\./, `$1.${second}.`));
    expect(forged.statusCode).toBe(404);
    expect(await recipientsOf(first)).toEqual([ids.manager, ids.user].sort((a, b) => a - b));

    const done = await unsubscribe(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      message:
        'Você não receberá mais este relatório agendado do projeto Jardim das Palmeiras - Etapas 1 a 3.',
      project_name: 'Jardim das Palmeiras - Etapas 1 a 3',
    });
    expect(await recipientsOf(first)).toEqual([ids.manager]);
    expect(await recipientsOf(second)).toEqual([ids.manager, ids.user].sort((a, b) => a - b));
    // A second click says the same and changes nothing.
    expect((await unsubscribe(token)).statusCode).toBe(200);

    const again = ctx.mail.length;
    expect((await call(tokens.manager, 'POST', `${base()}/${first}/send`)).statusCode).toBe(200);
    expect(
      ctx.mail
        .slice(again)
        .map((m) => m.to)
        .flat(),
    ).toEqual(['gerente@horizonte.com.br']);
  });
});

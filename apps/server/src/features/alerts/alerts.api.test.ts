import type { AlertList, AlertPreference } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { decodeQuotedPrintable } from '../../../test/test-smtp';

let context: TestContext;
let make: Factories;
let projectId: number;
let manager: BuiltUser;
let plain: BuiltUser;
let inactive: BuiltUser;
let outsider: BuiltUser;
let managerToken: string;
let plainToken: string;
let outsiderToken: string;
let lotA: number;
let lotB: number;

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  const project = await make.buildProject();
  projectId = project.id;
  const customerId = project.customerId;
  const linked = { customerId, projectIds: [projectId] };
  manager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance'], linked);
  plain = await make.buildUser('USER', ['allotment.map'], linked);
  inactive = await make.buildUser('USER', ['allotment.map', 'allotment.finance'], {
    ...linked,
    active: false,
  });
  outsider = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance']);
  managerToken = await make.signIn(manager);
  plainToken = await make.signIn(plain);
  outsiderToken = await make.signIn(outsider);
  await context.db
    .insertInto('alertPreferences')
    .values({
      userId: manager.id,
      projectId,
      kinds: ['scene_published', 'ai_readings', 'status_changes', 'finance_imagery'],
      delivery: 'immediate',
    })
    .execute();
  await context.db
    .updateTable('projects')
    .set({ hasInformation: true })
    .where('id', '=', projectId)
    .execute();
  lotA = await make.buildLayer(projectId, { name: 'Lote 1', block: 'A' });
  lotB = await make.buildLayer(projectId, { name: 'Lote 2', block: 'A' });
}, 60_000);

afterAll(() => context.close());

const mailTo = (user: BuiltUser) => context.mail.filter((mail) => mail.to.includes(user.email));

async function deliveries(userId: number) {
  return context.db
    .selectFrom('alertDeliveries as d')
    .innerJoin('alertEvents as e', 'e.id', 'd.eventId')
    .select(['e.kind', 'd.emailMode', 'd.emailedAt'])
    .where('d.userId', '=', userId)
    .where('e.projectId', '=', projectId)
    .orderBy('e.id')
    .execute();
}

async function waitForMail(user: BuiltUser, count: number) {
  for (let i = 0; i < 100 && mailTo(user).length < count; i++) await new Promise((r) => setTimeout(r, 50));
  return mailTo(user);
}

/** An approved lot-AI analysis of a new scene reading lot A empty (was built) and lot B built (was empty). */
async function approvedAnalysis(date: string) {
  const sceneId = await make.buildScene(projectId, { date, published: true });
  const detection = await context.db
    .insertInto('detections')
    .values({ projectId, sceneId, approved: true, processingState: 'done', analysisAi: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.db
    .insertInto('lotStatusHistory')
    .values([
      { layerId: lotA, date, status: 'V', precision: 0.9, sceneId, source: 'ai', detectionId: detection.id },
      { layerId: lotB, date, status: 'C', precision: 0.9, sceneId, source: 'ai', detectionId: detection.id },
    ])
    .execute();
  return detection.id;
}

describe('alerts: events recorded once, delivered once per user who may see them', () => {
  it('records a published scene once, however often it is scanned', async () => {
    await make.buildScene(projectId, { date: '2026-10-01', published: true });
    const first = await context.services.alerts.scan();
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await context.services.alerts.scan()).toBe(0);
    const events = await context.db
      .selectFrom('alertEvents')
      .select('kind')
      .where('projectId', '=', projectId)
      .execute();
    expect(events).toEqual([{ kind: 'scene_published' }]);
  });

  it('delivers to the linked active users only: e-mail at once for the manager, the digest for the other', async () => {
    await context.services.alerts.dispatch();
    expect(await deliveries(manager.id)).toMatchObject([{ kind: 'scene_published', emailMode: 'immediate' }]);
    expect(await deliveries(plain.id)).toMatchObject([
      { kind: 'scene_published', emailMode: 'daily', emailedAt: null },
    ]);
    expect(await deliveries(inactive.id)).toEqual([]);
    expect(await deliveries(outsider.id)).toEqual([]);
    const [mail] = await waitForMail(manager, 1);
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain('Nova imagem publicada');
    expect(body).toContain('Imagem de 01/10/2026 publicada.');
    expect(body).toContain('/auth/alerts-unsubscribe?token=');
    expect(body).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(mailTo(plain)).toHaveLength(0);
    // A second dispatch finds nothing to do: one e-mail per user and event.
    expect(await context.services.alerts.dispatch()).toBe(0);
  });

  it('sends the daily digest once with what waited for it', async () => {
    expect(await context.services.alerts.sendDigests('daily')).toBeGreaterThanOrEqual(1);
    const [digest] = await waitForMail(plain, 1);
    expect(decodeQuotedPrintable(digest!.raw)).toContain('Resumo diário de alertas');
    await context.services.alerts.sendDigests('daily');
    expect(mailTo(plain)).toHaveLength(1);
    expect((await deliveries(plain.id))[0]!.emailedAt).not.toBeNull();
  });

  it('gives the AI readings and status changes to both, the finance × imagery alert only to the finance module', async () => {
    await context.db
      .insertInto('lotStatusHistory')
      .values([
        { layerId: lotA, date: '2025-06-01', status: 'C', source: 'demo-ground-truth' },
        { layerId: lotB, date: '2025-06-01', status: 'V', source: 'demo-ground-truth' },
      ])
      .execute();
    await context.db
      .insertInto('lotInformations')
      .values([
        { layerId: lotA, projectId, statusUnidade: 'Vendida', dataVenda: '2024-01-10' },
        { layerId: lotB, projectId, statusUnidade: 'Disponível' },
      ])
      .execute();
    await approvedAnalysis('2026-11-01');
    await context.services.alerts.scan();
    await context.services.alerts.dispatch();
    const managerKinds = (await deliveries(manager.id)).map((row) => row.kind);
    expect(managerKinds).toEqual([
      'scene_published',
      'scene_published',
      'ai_readings',
      'status_changes',
      'finance_imagery',
    ]);
    const plainKinds = (await deliveries(plain.id)).map((row) => row.kind);
    expect(plainKinds).not.toContain('finance_imagery');
    expect(plainKinds).toContain('ai_readings');
    expect(await deliveries(inactive.id)).toEqual([]);
    const mails = await waitForMail(manager, 5);
    const finance = mails
      .map((mail) => decodeQuotedPrintable(mail.raw))
      .find((raw) => raw.includes('Financeiro'));
    expect(finance).toContain('Lote 1 (quadra A)');
    expect(finance).toContain('Vendido em 10/01/2024 e ainda vazio');
    expect(finance).toContain(`/page/fusion-map?projeto=${projectId}&lote=${lotA}`);
  });
});

describe('alerts: the bell', () => {
  it("lists the user's alerts with the unread count and marks them read", async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/alerts',
      headers: bearer(managerToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<AlertList>();
    expect(list.unread).toBe(5);
    expect(list.items[0]).toMatchObject({ kind: 'finance_imagery', project_id: projectId, read: false });
    expect(list.items.map((item) => item.title)).toContain('Nova imagem publicada');
    const read = await context.app.inject({
      method: 'POST',
      url: '/api/v1/alerts/read',
      headers: bearer(managerToken),
      payload: { ids: [list.items[0]!.id] },
    });
    expect(read.json()).toEqual({ unread: 4 });
    const all = await context.app.inject({
      method: 'POST',
      url: '/api/v1/alerts/read',
      headers: bearer(managerToken),
      payload: {},
    });
    expect(all.json()).toEqual({ unread: 0 });
  });

  it("shows another customer's user none of them", async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/alerts',
      headers: bearer(outsiderToken),
    });
    const list = response.json<AlertList>();
    expect(list.items.filter((item) => item.project_id === projectId)).toEqual([]);
  });

  it('refuses an inactive user', async () => {
    await context.db.updateTable('users').set({ status: false }).where('id', '=', plain.id).execute();
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/alerts',
      headers: bearer(plainToken),
    });
    expect(response.statusCode).toBe(403);
    await context.db.updateTable('users').set({ status: true }).where('id', '=', plain.id).execute();
  });
});

describe('alerts: choices per project', () => {
  const save = (token: string, id: number, payload: Record<string, unknown>) =>
    context.app.inject({
      method: 'PUT',
      url: `/api/v1/alerts/preferences/${id}`,
      headers: bearer(token),
      payload,
    });

  it('offers a user without the finance module no finance alert, and refuses it', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/alerts/preferences',
      headers: bearer(plainToken),
    });
    const mine = response.json<AlertPreference[]>().find((row) => row.project_id === projectId)!;
    expect(mine.available_kinds).toEqual(['scene_published', 'ai_readings', 'status_changes']);
    expect(mine.delivery).toBe('daily');
    const refused = await save(plainToken, projectId, { kinds: ['finance_imagery'], delivery: 'daily' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Você não tem acesso a um dos tipos de alerta escolhidos.');
  });

  it("answers another customer's project as missing", async () => {
    const response = await save(outsiderToken, projectId, { kinds: [], delivery: 'none' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps to the kinds chosen', async () => {
    const saved = await save(plainToken, projectId, { kinds: ['scene_published'], delivery: 'weekly' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ kinds: ['scene_published'], delivery: 'weekly' });
    const before = (await deliveries(plain.id)).length;
    await approvedAnalysis('2026-12-01');
    await context.services.alerts.scan();
    await context.services.alerts.dispatch();
    const after = await deliveries(plain.id);
    expect(after.slice(before).map((row) => row.kind)).toEqual(['scene_published']);
    expect(after.at(-1)!.emailMode).toBe('weekly');
  });
});

describe('alerts: one-click unsubscribe', () => {
  it("stops the project's e-mails from the signed link, and refuses a forged one", async () => {
    const raw = decodeQuotedPrintable(mailTo(manager)[0]!.raw);
    const token = decodeURIComponent(/alerts-unsubscribe\?token=([^"&\s<]+)/.exec(raw)![1]!);
    const forged = await context.app.inject({
      method: 'POST',
      url: `/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
    });
    expect(forged.statusCode).toBe(404);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/^Você não receberá mais e-mails de alertas do projeto /);
    const preference = await context.db
      .selectFrom('alertPreferences')
      .select('delivery')
      .where('userId', '=', manager.id)
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(preference.delivery).toBe('none');
    const sent = mailTo(manager).length;
    await make.buildScene(projectId, { date: '2026-12-05', published: true });
    await context.services.alerts.scan();
    await context.services.alerts.dispatch();
    expect((await deliveries(manager.id)).at(-1)).toMatchObject({
      kind: 'scene_published',
      emailMode: 'none',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailTo(manager)).toHaveLength(sent);
  });
});

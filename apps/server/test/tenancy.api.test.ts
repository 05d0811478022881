import { randomBytes } from 'node:crypto';
import { buildPath, endpointUrl, type EndpointDefinition, type Role } from '@mirante/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints } from './fuzz/contract-endpoints';
import { firstBranch, inputJsonSchema } from './fuzz/json-schema';
import { plausibleValue } from './fuzz/fuzz-values';
import { tableChecksums } from './fuzz/table-checksum';
import { multipartBody } from './multipart';
import { idFields, PATH_VALUES, type IdField } from './tenancy/id-fields';
import { tenantRows, type TenantRows } from './tenancy/tenant-rows';
import { bearer, createTestContext, type TestContext } from './test-app';
import { hashToken } from '../src/features/auth/tokens';

type CallerRole = Exclude<Role, 'ADMIN'>;

interface Exception {
  status: Partial<Record<CallerRole, number>>;
  reason: string;
  /** Roles for which the server ignores the field (uses the caller's own): it may succeed, but touch no row of the other customer. */
  ignoredBy?: readonly CallerRole[];
}

const securityRoutes = ['POST /group/create', 'POST /group/:id', 'POST /user/register', 'POST /user/:id'];

/**
 * Endpoints (or one id field of one, `route place.name`) whose answer to another customer's id is not 404,
 * with the reason. Every other id-taking endpoint must answer 404, and one whose contract keeps out the
 * caller's role 403 (the role is checked before any id is read). A field keyed on its own wins over its route.
 */
const NOT_404: Record<string, Exception> = {
  'POST /alerts/read body.ids': {
    status: { MANAGER: 200, USER: 200 },
    reason:
      'marca como lidos só os alertas entregues ao próprio usuário (alerts.repo markRead filtra por user_id): ' +
      'o id de um alerta de outro cliente não toca nada',
    ignoredBy: ['MANAGER', 'USER'],
  },
  ...Object.fromEntries(
    ['GET /project/:projectId/timelapse/frame', 'POST /project/:projectId/timelapse/exports'].map(
      (route): [string, Exception] => [
        route,
        {
          status: { MANAGER: 422, USER: 422 },
          reason:
            'o gerador dá 1 a cada número: uma área vazia (oeste = leste) e 1 px de largura, que o contrato recusa ' +
            '(422) antes de ler qualquer id; com área válida, projeto, imagem e lote de outro cliente dão 404: ' +
            'timelapse.api.test',
        },
      ],
    ),
  ),
  'GET /project/:id/detect/:detectId/report params.detectId': {
    status: { MANAGER: 403, USER: 403 },
    reason:
      'o projeto próprio do teste é um loteamento, sem o módulo environment.report: 403 antes de ler a análise; ' +
      'o relatório de outro cliente num projeto ambiental: environment.api.test (404)',
  },
  ...Object.fromEntries(
    ['mega', 'uau'].map((erp): [string, Exception] => [
      `POST /integration/${erp}/credentials query.customer_id`,
      {
        status: { MANAGER: 422, USER: 422 },
        reason:
          'o corpo gerado não tem URL válida: o contrato responde 422 antes de o serviço ler o cliente, com ' +
          'qualquer customer_id; com corpo válido, outro cliente é oculto (policies/integration.ts, integration.api.test)',
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'POST /project/:id/detect/:detectId/feature params.detectId',
      'POST /project/:id/detect/:detectId/feature body.feature_id',
      'POST /project/:id/detect/:detectId/feature/:featureId/review params.detectId',
      'POST /project/:id/detect/:detectId/feature/:featureId/review params.featureId',
      'POST /project/:id/environment-detect body.before_scene_id',
      'POST /project/:id/environment-detect body.after_scene_id',
      'GET /project/:id/features/:detectId params.detectId',
    ].map((field): [string, Exception] => [
      field,
      {
        status: { MANAGER: 422, USER: 422 },
        reason:
          'o projeto próprio do teste é um loteamento: NOT_ENVIRONMENT (422) antes de ler qualquer outro id; ' +
          'análises de outro cliente num projeto ambiental: environment.api.test',
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'GET /project/:id/detect/:detectId/report/file params.detectId',
      'POST /project/:id/detect/:detectId/report/file/delete params.detectId',
    ].map((field): [string, Exception] => [
      field,
      {
        status: { MANAGER: 403, USER: 403 },
        reason:
          'o projeto próprio do teste é um loteamento, sem o módulo environment.report: 403 antes de ler a análise; ' +
          'o PDF enviado de outro cliente num projeto ambiental: report.api.test',
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'POST /project/:id/detect/:detectId/report/file params.id',
      'POST /project/:id/detect/:detectId/report/file params.detectId',
    ].map((field): [string, Exception] => [
      field,
      {
        status: { MANAGER: 422, USER: 422 },
        reason:
          'o corpo gerado não é multipart: 422 antes de ler qualquer id, com qualquer id (nada revela); ' +
          'com um PDF, o projeto de outro cliente: report.api.test',
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'GET /project/:id/features/:detectId/:featureId/preview/:side params.detectId',
      'GET /project/:id/features/:detectId/:featureId/preview/:side params.featureId',
    ].map((field): [string, Exception] => [
      field,
      {
        status: { MANAGER: 422, USER: 422 },
        reason:
          'o projeto próprio do teste é um loteamento: NOT_ENVIRONMENT (422) antes de ler a análise e a feição; ' +
          'as prévias de outro cliente num projeto ambiental: environment-processing.api.test',
      },
    ]),
  ),
  ...Object.fromEntries(
    ['POST /project/:id/report-schedules', 'POST /project/:id/report-schedules/:scheduleId'].map(
      (route): [string, Exception] => [
        `${route} body.user_ids`,
        {
          status: { MANAGER: 422, USER: 403 },
          reason:
            'um destinatário fora dos usuários do projeto, existente ou não, de outro cliente ou não, é 422 ' +
            'REPORT_RECIPIENTS_INVALID (nada revela); o USER não agenda relatórios (403 pelo perfil)',
        },
      ],
    ),
  ),
  'POST /allotments/:detectId': {
    status: { MANAGER: 403, USER: 403 },
    reason:
      'editar lotes à mão é do ADMIN (detections.service): verificado antes de ler os ids da rota e das camadas',
  },
  'POST /allotments/:detectId body.projectId': {
    status: { MANAGER: 404, USER: 404 },
    reason: 'o projeto do corpo é verificado antes do perfil: 404 como qualquer projeto invisível',
  },
  ...Object.fromEntries(
    securityRoutes.map((route): [string, Exception] => [
      `${route} body.customer`,
      {
        status: {
          MANAGER: 403,
          USER: route === 'POST /user/:id' ? 403 : route.includes('group') ? 422 : 200,
        },
        reason:
          'quem não é ADMIN gerencia só o seu cliente (policies/security-panel.ts targetCustomerOf): outro cliente, existente ou ' +
          'não, é 403 para o MANAGER; para o USER o campo é ignorado (vale o seu), e o pedido segue com os demais campos',
        ignoredBy: ['USER'],
      },
    ]),
  ),
  ...Object.fromEntries(
    ['POST /user/register', 'POST /user/:id'].flatMap((route): [string, Exception][] =>
      (['projects', 'group'] as const).map((field) => [
        `${route} body.${field}`,
        {
          status: { MANAGER: 422, USER: route === 'POST /user/:id' ? 403 : 422 },
          reason:
            `${field === 'group' ? 'grupo' : 'projeto'} fora do cliente do usuário, existente ou não: 422 ` +
            `${field === 'group' ? 'GROUP' : 'PROJECT'}_OF_OTHER_CUSTOMER; um USER só edita a si mesmo ` +
            '(policies/user-edit): 403 antes de ler o corpo',
        },
      ]),
    ),
  ),
};

const CALLERS: readonly [CallerRole, string, string][] = [
  ['MANAGER', 'gerente@horizonte.com.br', 'a MANAGER with every module'],
  ['USER', 'usuario@horizonte.com.br', 'a USER with the allotment and construction modules'],
];
const MISSING_ID = 2_000_000_001;
const MISSING_SPACE = 'espaco-inexistente';

let ctx: TestContext;
let own: TenantRows;
let foreign: TenantRows;

async function allotmentSpaceOf(email: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('projects')
    .innerJoin('userProjects', 'userProjects.projectId', 'projects.id')
    .innerJoin('users', 'users.id', 'userProjects.userId')
    .select('projects.space')
    .where('users.email', '=', email)
    .where('projects.projectType', '=', 'ALLOTMENT')
    .orderBy('projects.id')
    .executeTakeFirstOrThrow();
  return row.space;
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The own user is neither caller: a USER may edit himself, which would say nothing about tenancy.
  own = await tenantRows(ctx, await allotmentSpaceOf('usuario@horizonte.com.br'), 'inativo@horizonte.com.br');
  foreign = await tenantRows(
    ctx,
    await allotmentSpaceOf('usuario@valeverde.com.br'),
    'usuario@valeverde.com.br',
  );
});
afterAll(() => ctx.close());

const endpoints = contractEndpoints();
const routeOf = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;

function plausibleInput(schema: EndpointDefinition['body']): Record<string, unknown> {
  if (!schema) return {};
  const branch = firstBranch(inputJsonSchema(schema));
  return plausibleValue('', { ...branch, type: 'object' }) as Record<string, unknown>;
}

/**
 * The call with every id the caller's own, except `tested`, which holds `value`; a GIS route is called with the
 * caller's GIS key (`gisKey`) instead of his session.
 */
function request(
  endpoint: EndpointDefinition,
  fields: IdField[],
  tested: IdField,
  value: number | string,
  token: string,
  gisKey: string,
): InjectOptions {
  const inputs = {
    params: { ...PATH_VALUES },
    query: plausibleInput(endpoint.query),
    body: plausibleInput(endpoint.body),
  };
  for (const field of fields) {
    const id = field === tested ? value : own.ids[field.kind];
    (inputs[field.place] as Record<string, unknown>)[field.name] = field.list ? [id] : id;
  }
  const text = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([key, item]) => [key, String(item)]));
  const url = buildPath(endpointUrl(endpoint), text(inputs.params));
  const gis = endpoint.access.kind === 'gisKey';
  const base: InjectOptions = {
    method: endpoint.method,
    url,
    query: gis ? { ...text(inputs.query), key: gisKey } : text(inputs.query),
    headers: gis ? {} : bearer(token),
  };
  if (endpoint.body === undefined) return base;
  if (endpoint.encoding !== 'multipart') return { ...base, payload: inputs.body };
  const multipart = multipartBody(text(inputs.body), []);
  return { ...base, ...multipart, headers: { ...bearer(token), ...multipart.headers } };
}

const exceptionFor = (endpoint: EndpointDefinition, field: IdField): Exception | undefined =>
  NOT_404[`${routeOf(endpoint)} ${field.place}.${field.name}`] ?? NOT_404[routeOf(endpoint)];

/** Rows of the other customer that a call ignoring its customer field must leave alone. */
async function foreignFootprint(): Promise<string> {
  const customerId = Number(foreign.ids.customer);
  const users = await ctx.db.selectFrom('users').selectAll().where('customerId', '=', customerId).execute();
  const groups = await ctx.db.selectFrom('groups').selectAll().where('customerId', '=', customerId).execute();
  return JSON.stringify([users, groups]);
}

function expectedStatus(
  endpoint: EndpointDefinition,
  field: IdField,
  role: CallerRole,
  modules: readonly string[],
): number {
  const listed = exceptionFor(endpoint, field)?.status[role];
  if (listed !== undefined) return listed;
  const access = endpoint.access.kind === 'session' ? endpoint.access : undefined;
  if (access?.roles && !access.roles.includes(role)) return 403;
  // A fixed module the caller lacks is refused before any id is read (authorize), like a role.
  return typeof access?.module === 'string' && !modules.includes(access.module) ? 403 : 404;
}

const codeOf = (response: LightMyRequestResponse) => {
  try {
    return String((response.json() as { code?: unknown }).code);
  } catch {
    return response.body.slice(0, 80);
  }
};

describe('tenancy: a user of one customer reaches no row of another through any id', () => {
  it('knows the row kind of every id field of the contract (a new id field must be placed here)', () => {
    const unknown = endpoints.flatMap((endpoint) =>
      idFields(endpoint).unknown.map((name) => `${routeOf(endpoint)} ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('lists only endpoints and id fields that exist among the exceptions to 404', () => {
    const routes = new Set(
      endpoints.flatMap((endpoint) => [
        routeOf(endpoint),
        ...idFields(endpoint).fields.map((field) => `${routeOf(endpoint)} ${field.place}.${field.name}`),
      ]),
    );
    expect(Object.keys(NOT_404).filter((route) => !routes.has(route))).toEqual([]);
  });

  for (const [role, email, who] of CALLERS) {
    it(`as ${who}, another customer's ids answer 404 (or the listed status), exactly as a missing id does, and change no table`, async () => {
      const token = await ctx.login(email);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) });
      const modules = (me.json() as { modules?: string[] }).modules ?? [];
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/gis-keys',
        headers: bearer(token),
        payload: { name: 'Varredura de inquilinos' },
      });
      const gisKey = (created.json() as { key: string }).key;
      // A key's use is recorded at most once a minute: used just before a GIS route's checksums, it is not
      // recorded again between them.
      const useGisKey = () =>
        ctx.app.inject({ method: 'GET', url: `/gis/project/${String(own.ids.project)}/ogc?key=${gisKey}` });
      const failures: string[] = [];
      for (const endpoint of endpoints) {
        const { fields } = idFields(endpoint);
        for (const tested of fields) {
          const label = `${routeOf(endpoint)} ${tested.place}.${tested.name}`;
          const send = (value: number | string) =>
            ctx.app.inject(request(endpoint, fields, tested, value, token, gisKey));
          const expected = expectedStatus(endpoint, tested, role, modules);
          if (exceptionFor(endpoint, tested)?.ignoredBy?.includes(role)) {
            const before = await foreignFootprint();
            const response = await send(foreign.ids[tested.kind]);
            if (response.statusCode !== expected)
              failures.push(
                `${label}: ${response.statusCode} (esperado ${expected}) ${response.body.slice(0, 160)}`,
              );
            if ((await foreignFootprint()) !== before) failures.push(`${label}: alterou o outro cliente`);
            continue;
          }
          if (endpoint.access.kind === 'gisKey') await useGisKey();
          const before = await tableChecksums(ctx.db);
          const response = await send(foreign.ids[tested.kind]);
          const after = await tableChecksums(ctx.db);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (response.statusCode !== expected)
            failures.push(
              `${label}: ${response.statusCode} (esperado ${expected}) ${response.body.slice(0, 160)}`,
            );
          if (changed.length > 0) failures.push(`${label}: alterou ${changed.join(', ')}`);
          const missing = await send(tested.kind === 'space' ? MISSING_SPACE : MISSING_ID);
          if (missing.statusCode !== response.statusCode || codeOf(missing) !== codeOf(response))
            failures.push(
              `${label}: id de outro cliente ${response.statusCode} ${codeOf(response)} ≠ id inexistente ${missing.statusCode} ${codeOf(missing)}`,
            );
        }
      }
      expect(failures).toEqual([]);
      // Hundreds of requests, each between two checksums of every table: past 30 s at load 15–27.
    }, 180_000);

    it(`as ${who}, another customer's tiles and scene files answer 404 and the own customer's answer 200`, async () => {
      const token = await ctx.login(email);
      const urls = (rows: TenantRows) => [
        `/tiles/${rows.space}/${rows.sceneDate}/17/47000/74000.png`,
        `/tiles/${rows.space}/${rows.sceneDate}/17/47000/74000.webp`,
        `/tiles/${rows.space}/${rows.sceneDate}/preview.png`,
        `/tiles/${rows.space}/${rows.sceneDate}/original`,
      ];
      const statuses = async (rows: TenantRows) =>
        Promise.all(
          urls(rows).map(async (url) => {
            const response = await ctx.app.inject({ method: 'GET', url: `${url}?api_token=${token}` });
            return `${response.statusCode} ${url}`;
          }),
        );
      expect(await statuses(foreign)).toEqual(urls(foreign).map((url) => `404 ${url}`));
      expect(await statuses(own)).toEqual(urls(own).map((url) => `200 ${url}`));
    });
  }

  it("a share link opens its own project only: no other project's lot, and its signature opens no other link's tiles", async () => {
    const manager = await ctx.login('gerente@horizonte.com.br');
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/project/${String(own.ids.project)}/share-links`,
      headers: bearer(manager),
      payload: { kind: 'map', date: own.sceneDate },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ownToken = (created.json() as { url: string }).url.split('/compartilhado/')[1]!;
    const foreignToken = randomBytes(24).toString('base64url');
    await ctx.db
      .insertInto('shareLinks')
      .values({
        projectId: Number(foreign.ids.project),
        kind: 'map',
        date: foreign.sceneDate,
        tokenHash: hashToken(foreignToken),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const layersOf = async (projectId: number | string) =>
      new Set(
        (
          await ctx.db.selectFrom('layers').select('id').where('projectId', '=', Number(projectId)).execute()
        ).map((row) => row.id),
      );
    const openView = async (token: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/shared/${token}/open`,
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { layers: { id: number }[]; scenes: { tileUrl: string }[] };
    };
    const ownView = await openView(ownToken);
    const foreignView = await openView(foreignToken);
    const foreignLayers = await layersOf(foreign.ids.project);
    const ownLayers = await layersOf(own.ids.project);
    expect(ownView.layers.filter((layer) => foreignLayers.has(layer.id))).toEqual([]);
    expect(foreignView.layers.filter((layer) => ownLayers.has(layer.id))).toEqual([]);
    const tile = (url: string) => url.replace('{z}/{x}/{y}', '17/47000/74000');
    const ownTile = tile(ownView.scenes[0]!.tileUrl);
    expect((await ctx.app.inject({ method: 'GET', url: ownTile })).statusCode).toBe(200);
    const borrowed = ownTile.replace(ownToken, foreignToken);
    expect((await ctx.app.inject({ method: 'GET', url: borrowed })).statusCode).toBe(403);
  });
});

import type { CreatedGisKey } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/** The GIS documents as a GIS client gets them: WMTS (KVP and RESTful), TileJSON and the OGC API's paging and filters. */
let context: TestContext;
let make: Factories;
let allotment: number;
let owner: BuiltUser;
let key: string;

interface FeatureCollection {
  features: { id: number; properties: Record<string, unknown> }[];
  numberMatched: number;
  numberReturned: number;
  links: { rel: string; href: string }[];
}

/** A 10 m square lot with its south-west corner at `corner`. */
async function lot(projectId: number, name: string, [west, south]: [number, number], block = 'Q1') {
  const side = 0.0001;
  const ring = [
    [west, south],
    [west + side, south],
    [west + side, south + side],
    [west, south + side],
    [west, south],
  ];
  const row = await context.db
    .insertInto('layers')
    .values({
      projectId,
      type: 'LOT',
      name,
      block,
      stage: 'Etapa 1',
      geoJson: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
      areaM2: 123.45,
      perimeterM: 44.4,
      bbox: [west, south, west + side, south + side],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newKey(user: BuiltUser): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/gis-keys',
    headers: bearer(await make.signIn(user)),
    payload: { name: 'teste' },
  });
  return response.json<CreatedGisKey>().key;
}

const get = (path: string, withKey = key) =>
  context.app.inject({
    method: 'GET',
    url: `${path}${path.includes('?') ? '&' : '?'}key=${withKey}`,
    headers: { host: 'gis.mirante.test' },
  });

let lots: number[];

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  const project = await make.buildProject();
  allotment = project.id;
  owner = await make.buildUser('USER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [allotment],
  });
  key = await newKey(owner);
  for (const [date, published] of [
    ['2026-01-10', true],
    ['2026-02-10', true],
    ['2026-03-10', false],
  ] as const) {
    const id = await make.buildScene(allotment, { date, published });
    await context.db
      .updateTable('scenes')
      .set({ bounds: [-51.95, -23.42, -51.948, -23.418], minZoom: 15, maxZoom: 19 })
      .where('id', '=', id)
      .execute();
  }
  lots = [
    await lot(allotment, 'Lote Ação 1', [-51.95, -23.42]),
    await lot(allotment, 'Lote 2', [-51.949, -23.42]),
    await lot(allotment, 'Lote 3', [-51.9485, -23.419]),
  ];
  // An approved analysis's AI status, a manual one, and an unapproved analysis's newer AI status (hidden).
  const sceneOn = async (date: string) =>
    (
      await context.db
        .selectFrom('scenes')
        .select('id')
        .where('projectId', '=', allotment)
        .where('date', '=', date)
        .executeTakeFirstOrThrow()
    ).id;
  const scene = { id: await sceneOn('2026-01-10') };
  const laterScene = await sceneOn('2026-03-10');
  const approved = await context.db
    .insertInto('detections')
    .values({ projectId: allotment, sceneId: scene.id, approved: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pending = await context.db
    .insertInto('detections')
    .values({ projectId: allotment, sceneId: laterScene, approved: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.db
    .insertInto('lotStatusHistory')
    .values([
      {
        layerId: lots[0]!,
        date: '2026-01-10',
        status: 'E',
        precision: 0.91,
        source: 'ai',
        detectionId: approved.id,
        sceneId: scene.id,
      },
      {
        layerId: lots[0]!,
        date: '2026-03-10',
        status: 'C',
        precision: 0.97,
        source: 'ai',
        detectionId: pending.id,
        sceneId: laterScene,
      },
      {
        layerId: lots[1]!,
        date: '2026-02-10',
        status: 'V',
        precision: null,
        source: 'manual',
        sceneId: null,
      },
    ])
    .execute();
});

afterAll(() => context.close());

describe('WMTS and TileJSON', () => {
  it('answers GetCapabilities by KVP in any case and RESTful alike, with the published scenes only', async () => {
    const kvp = await get(`/gis/project/${allotment}/wmts?service=wmts&request=GetCapabilities`);
    const rest = await get(`/gis/project/${allotment}/wmts/1.0.0/WMTSCapabilities.xml`);
    expect(kvp.statusCode).toBe(200);
    expect(kvp.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(kvp.body).toBe(rest.body);
    const identifiers = [...rest.body.matchAll(/<Layer>.*?<ows:Identifier>([^<]+)<\/ows:Identifier>/g)].map(
      (m) => m[1],
    );
    expect(identifiers).toEqual(['2026-01-10', '2026-02-10', 'imagem']);
    expect(rest.body).toContain('<ows:LowerCorner>-51.95 -23.42</ows:LowerCorner>');
    expect(rest.body).toContain('<TileMatrixSet>GoogleMapsCompatible</TileMatrixSet>');
    expect(rest.body).toContain(
      '<WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>',
    );
    // Zooms 0–19 in the set, each layer limited to 15–19.
    expect(rest.body.match(/<TileMatrix><ows:Identifier>/g)).toHaveLength(20);
    expect(rest.body.match(/<TileMatrixLimits>/g)).toHaveLength(15);
    expect(rest.body).toContain(
      `template="http://gis.mirante.test/gis/project/${allotment}/wmts/tiles/2026-01-10/{TileMatrix}/{TileCol}/{TileRow}.webp?key=${key}"`,
    );
  });

  it('serves GetTile by KVP as PNG, WebP and JPEG, and refuses a bad request in pt-BR', async () => {
    const tile = (format: string, layer = '2026-01-10') =>
      get(
        `/gis/project/${allotment}/wmts?SERVICE=WMTS&REQUEST=GetTile&LAYER=${layer}&STYLE=default&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=17&TILEROW=74000&TILECOL=47000&FORMAT=${format}`,
      );
    expect((await tile('image/png')).headers['content-type']).toBe('image/png');
    expect((await tile('image/webp')).headers['content-type']).toBe('image/webp');
    expect((await tile('image/jpeg')).headers['content-type']).toBe('image/jpeg');
    expect((await tile('image/png', '2026-03-10')).statusCode).toBe(404);
    const badFormat = await tile('image/gif');
    expect(badFormat.statusCode).toBe(422);
    expect(badFormat.json<{ message: string }>().message).toBe(
      'FORMAT inválido: use image/png, image/webp ou image/jpeg.',
    );
    const badRequest = await get(`/gis/project/${allotment}/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo`);
    expect(badRequest.statusCode).toBe(422);
    expect(badRequest.json<{ message: string }>().message).toBe(
      'REQUEST inválido: use GetCapabilities ou GetTile.',
    );
  });

  it('serves RESTful tiles of published scenes only', async () => {
    expect((await get(`/gis/project/${allotment}/wmts/tiles/2026-01-10/17/47000/74000.png`)).statusCode).toBe(
      200,
    );
    expect((await get(`/gis/project/${allotment}/wmts/tiles/2026-03-10/17/47000/74000.png`)).statusCode).toBe(
      404,
    );
    expect((await get(`/gis/project/${allotment}/wmts/tiles/2026-01-10/17/47000/74000.gif`)).statusCode).toBe(
      404,
    );
    expect((await get(`/gis/project/${allotment}/wmts/tiles/2026-01-10/3/9/1.png`)).statusCode).toBe(404);
  });

  it('gives the TileJSON 3.0 of a published scene, and 404 for an unpublished one', async () => {
    const response = await get(`/gis/project/${allotment}/scenes/2026-02-10/tilejson.json?format=webp`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tilejson: '3.0.0',
      scheme: 'xyz',
      tiles: [
        `http://gis.mirante.test/gis/project/${allotment}/wmts/tiles/2026-02-10/{z}/{x}/{y}.webp?key=${key}`,
      ],
      minzoom: 15,
      maxzoom: 19,
      bounds: [-51.95, -23.42, -51.948, -23.418],
    });
    expect((await get(`/gis/project/${allotment}/scenes/2026-03-10/tilejson.json`)).statusCode).toBe(404);
    expect((await get(`/gis/project/${allotment}/scenes/2026-03-10/original`)).statusCode).toBe(404);
  });
});

describe('OGC API – Features', () => {
  it('lists the conformance classes and the collections of an allotment', async () => {
    const conformance = await get(`/gis/project/${allotment}/ogc/conformance`);
    expect(conformance.json<{ conformsTo: string[] }>().conformsTo).toContain(
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
    );
    const collections = await get(`/gis/project/${allotment}/ogc/collections`);
    expect(collections.json<{ collections: { id: string }[] }>().collections.map((c) => c.id)).toEqual([
      'lotes',
      'quadras',
      'etapas',
      'outras_camadas',
    ]);
    expect((await get(`/gis/project/${allotment}/ogc/collections/anotacoes_obra`)).statusCode).toBe(404);
  });

  it('gives each lot its latest published status with date and confidence (an unapproved analysis stays hidden)', async () => {
    const items = (
      await get(`/gis/project/${allotment}/ogc/collections/lotes/items`)
    ).json<FeatureCollection>();
    const byName = new Map(items.features.map((feature) => [feature.properties.lote, feature.properties]));
    expect(byName.get('Lote Ação 1')).toMatchObject({
      situacao: 'E',
      situacao_nome: 'Em construção',
      data: '2026-01-10',
      confianca: 0.91,
      origem: 'IA',
      area_m2: 123.45,
    });
    expect(byName.get('Lote 2')).toMatchObject({
      situacao: 'V',
      data: '2026-02-10',
      confianca: null,
      origem: 'manual',
    });
    expect(byName.get('Lote 3')).toMatchObject({ situacao: null, data: null });
  });

  it('pages with limit/offset and next/prev links that keep the filters and the key', async () => {
    const first = (
      await get(`/gis/project/${allotment}/ogc/collections/lotes/items?limit=2`)
    ).json<FeatureCollection>();
    expect([first.numberMatched, first.numberReturned]).toEqual([3, 2]);
    const next = first.links.find((link) => link.rel === 'next')!.href;
    expect(next).toBe(
      `http://gis.mirante.test/gis/project/${allotment}/ogc/collections/lotes/items?limit=2&offset=2&key=${key}`,
    );
    const second = (
      await context.app.inject({ method: 'GET', url: next.replace('http://gis.mirante.test', '') })
    ).json<FeatureCollection>();
    expect(second.features.map((feature) => feature.id)).toEqual([lots[2]]);
    expect(second.links.map((link) => link.rel)).toEqual(['self', 'prev', 'collection']);
  });

  it('filters by bbox and by datetime (a date or an interval)', async () => {
    const inBox = (
      await get(
        `/gis/project/${allotment}/ogc/collections/lotes/items?bbox=-51.9501,-23.4201,-51.9489,-23.4195`,
      )
    ).json<FeatureCollection>();
    expect(inBox.features.map((feature) => feature.id)).toEqual([lots[0], lots[1]]);
    const onDay = (
      await get(`/gis/project/${allotment}/ogc/collections/lotes/items?datetime=2026-02-10`)
    ).json<FeatureCollection>();
    expect(onDay.features.map((feature) => feature.id)).toEqual([lots[1]]);
    const since = (
      await get(`/gis/project/${allotment}/ogc/collections/lotes/items?datetime=2026-01-01T00:00:00Z/..`)
    ).json<FeatureCollection>();
    expect(since.features.map((feature) => feature.id)).toEqual([lots[0], lots[1]]);
    // Blocks have no date: datetime is ignored there.
    expect(
      (await get(`/gis/project/${allotment}/ogc/collections/quadras/items?datetime=2026-02-10`)).statusCode,
    ).toBe(200);
  });

  it('refuses a bad bbox, datetime or limit in pt-BR', async () => {
    for (const [query, message] of [
      ['bbox=1,2,3', /bbox inválido/],
      ['bbox=-52,-23,-51,-24', /bbox inválido/],
      ['datetime=2026-02-30', /datetime inválido/],
      ['datetime=2026-03-01/2026-01-01', /o início é depois do fim/],
      ['limit=0', /limit inválido/],
      ['offset=-1', /offset inválido/],
    ] as const) {
      const response = await get(`/gis/project/${allotment}/ogc/collections/lotes/items?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('gives one feature by id, 404 for one of another collection', async () => {
    const one = await get(`/gis/project/${allotment}/ogc/collections/lotes/items/${lots[1]}`);
    expect(one.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(one.json()).toMatchObject({ type: 'Feature', id: lots[1], properties: { lote: 'Lote 2' } });
    expect((await get(`/gis/project/${allotment}/ogc/collections/quadras/items/${lots[1]}`)).statusCode).toBe(
      404,
    );
    expect((await get(`/gis/project/${allotment}/ogc/collections/lotes/items/abc`)).statusCode).toBe(404);
  });

  it('serves construction notes to the holder of construction.notes only, and approved environment polygons only', async () => {
    const construction = await make.buildProject({ projectType: 'CONSTRUCTION' });
    const scene = await make.buildScene(construction.id, { date: '2026-01-01', published: true });
    const inspection = await context.db
      .insertInto('inspections')
      .values({ projectId: construction.id, sceneId: scene, phase: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = await context.db
      .insertInto('noteCategories')
      .values({ customerId: construction.customerId, name: 'Fundação', color: '#ff0000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await context.db
      .insertInto('notes')
      .values({
        projectId: construction.id,
        inspectionId: inspection.id,
        categoryId: category.id,
        name: 'Sapata',
        date: '2026-01-05',
        description: 'Concretagem',
        noteType: 'marker',
        geometry: JSON.stringify({ type: 'Point', coordinates: [-51.95, -23.42] }),
      })
      .execute();
    const withNotes = await newKey(
      await make.buildUser('USER', ['construction.map', 'construction.notes'], {
        customerId: construction.customerId,
        projectIds: [construction.id],
      }),
    );
    const mapOnly = await newKey(
      await make.buildUser('USER', ['construction.map'], {
        customerId: construction.customerId,
        projectIds: [construction.id],
      }),
    );
    const notes = (
      await get(`/gis/project/${construction.id}/ogc/collections/anotacoes_obra/items`, withNotes)
    ).json<FeatureCollection>();
    expect(notes.features.map((feature) => feature.properties)).toEqual([
      expect.objectContaining({
        nome: 'Sapata',
        data: '2026-01-05',
        descricao: 'Concretagem',
        tipo: 'Marcador',
        categoria: 'Fundação',
      }),
    ]);
    expect(
      (await get(`/gis/project/${construction.id}/ogc/collections/anotacoes_obra/items`, mapOnly)).statusCode,
    ).toBe(404);

    const environment = await make.buildProject({ projectType: 'ENVIRONMENT' });
    const before = await make.buildScene(environment.id, { date: '2025-06-01', published: true });
    const after = await make.buildScene(environment.id, { date: '2026-06-01', published: true });
    const polygon = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [-51.95, -23.42],
          [-51.949, -23.42],
          [-51.949, -23.419],
          [-51.95, -23.42],
        ],
      ],
    });
    // An approved analysis with an approved and a pending polygon; an unapproved one with an approved polygon.
    const later = await make.buildScene(environment.id, { date: '2026-07-01', published: true });
    const analysis = async (sceneId: number, approved: boolean) =>
      (
        await context.db
          .insertInto('detections')
          .values({ projectId: environment.id, sceneId, beforeSceneId: before, approved })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const published = await analysis(after, true);
    const unpublished = await analysis(later, false);
    for (const [detectionId, reviewStatus] of [
      [published, 'approved'],
      [published, 'pending'],
      [unpublished, 'approved'],
    ] as const)
      await context.db
        .insertInto('environmentFeatures')
        .values({
          detectionId,
          source: 'ai',
          category: 'DEFO',
          geoJson: polygon,
          areaM2: 5000,
          confidence: 0.8,
          reviewStatus,
        })
        .execute();
    const analyst = await newKey(
      await make.buildUser('USER', ['environment.map', 'environment.analysis'], {
        customerId: environment.customerId,
        projectIds: [environment.id],
      }),
    );
    const polygons = (
      await get(`/gis/project/${environment.id}/ogc/collections/poligonos_ambientais/items`, analyst)
    ).json<FeatureCollection>();
    expect(polygons.features.map((feature) => feature.properties)).toEqual([
      expect.objectContaining({
        categoria: 'DEFO',
        categoria_nome: 'Desmatamento',
        area_m2: 5000,
        confianca: 0.8,
        data_antes: '2025-06-01',
        data_depois: '2026-06-01',
      }),
    ]);
  });
});

import { booleanValid } from '@turf/turf';
import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { constructionStage } from './construction-site';
import { constructionStageGlb } from './construction-model';
import { demoSite, type DemoSiteKey } from './demo-sites';

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

interface GltfJson {
  asset: { version: string };
  buffers: { byteLength: number }[];
  bufferViews: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  accessors: {
    bufferView: number;
    byteOffset?: number;
    componentType: number;
    count: number;
    type: string;
    min?: number[];
    max?: number[];
  }[];
  meshes: { primitives: { attributes: Record<string, number>; indices?: number }[] }[];
  nodes: { name: string; mesh: number }[];
  images?: { bufferView: number; mimeType: string }[];
}

/** A model's JSON chunk and the top (max Y) of each named part. */
function partsOf(model: Buffer): Record<string, number> {
  const gltf = JSON.parse(model.subarray(20, 20 + model.readUInt32LE(12)).toString('utf8')) as GltfJson;
  return Object.fromEntries(
    gltf.nodes.map((node) => {
      const position = gltf.meshes[node.mesh]?.primitives[0]?.attributes.POSITION ?? -1;
      return [node.name, gltf.accessors[position]?.max?.[1] ?? NaN];
    }),
  );
}

describe('the construction 3D models follow the works, date by date', async () => {
  const site = await demoSite('construction', 1);
  const dateOf = (i: number) => site.dates[i];

  it('has a model for every scene with structure standing, none while digging', () => {
    expect(site.modelDates?.map(dateOf)).toEqual(['2026-02-01', '2026-04-01', '2026-06-01']);
  });

  it('01/06/2026: eight open slabs with formwork on the top one, columns rising, and the crane — no facade', () => {
    const parts = partsOf(site.model?.(5) ?? Buffer.alloc(0));
    expect(Object.keys(parts).sort()).toEqual([
      'Armação',
      'Contrapeso',
      'Fôrmas',
      'Grua',
      'Lajes',
      'Pilares',
    ]);
    expect(parts['Lajes']).toBeCloseTo(24, 3);
    expect(parts['Fôrmas']).toBeCloseTo(24.1, 3);
    expect(parts['Pilares']).toBeCloseTo(27, 3);
    expect(parts['Grua']).toBeGreaterThan(40);
  });

  it('01/02/2026: one slab only; 01/04/2026: four', () => {
    expect(partsOf(site.model?.(3) ?? Buffer.alloc(0))['Lajes']).toBeCloseTo(3, 3);
    expect(partsOf(site.model?.(4) ?? Buffer.alloc(0))['Lajes']).toBeCloseTo(12, 3);
  });
});

describe('the construction 3D model (GLB)', async () => {
  const glb = constructionStageGlb(constructionStage(5));

  it('has a glTF 2.0 header whose length is the file length, then a JSON and a BIN chunk', () => {
    expect(glb.readUInt32LE(0)).toBe(0x46546c67);
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const jsonLength = glb.readUInt32LE(12);
    expect(glb.readUInt32LE(16)).toBe(0x4e4f534a);
    expect(jsonLength % 4).toBe(0);
    const binStart = 20 + jsonLength;
    expect(glb.readUInt32LE(binStart + 4)).toBe(0x004e4942);
    expect(binStart + 8 + glb.readUInt32LE(binStart)).toBe(glb.length);
  });

  it('keeps every bufferView inside BIN and every accessor inside its bufferView, with true bounds', () => {
    const jsonLength = glb.readUInt32LE(12);
    const gltf = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8')) as GltfJson;
    const binStart = 20 + jsonLength + 8;
    const bin = glb.subarray(binStart, binStart + glb.readUInt32LE(20 + jsonLength));
    expect(gltf.asset.version).toBe('2.0');
    expect(gltf.buffers[0]?.byteLength).toBe(bin.length);
    for (const view of gltf.bufferViews)
      expect((view.byteOffset ?? 0) + view.byteLength).toBeLessThanOrEqual(bin.length);
    const read = (index: number): number[] => {
      const a = gltf.accessors[index];
      const view = a ? gltf.bufferViews[a.bufferView] : undefined;
      if (!a || !view) throw new Error(`accessor ${index}`);
      const size = (COMPONENT_BYTES[a.componentType] ?? NaN) * (COMPONENTS[a.type] ?? NaN);
      expect(a.count * size + (a.byteOffset ?? 0)).toBeLessThanOrEqual(view.byteLength);
      const start = bin.byteOffset + (view.byteOffset ?? 0) + (a.byteOffset ?? 0);
      const n = a.count * (COMPONENTS[a.type] ?? 0);
      const copy = bin.buffer.slice(start, start + n * (COMPONENT_BYTES[a.componentType] ?? 0));
      return a.componentType === 5126 ? [...new Float32Array(copy)] : [...new Uint16Array(copy)];
    };
    for (const mesh of gltf.meshes) {
      for (const primitive of mesh.primitives) {
        const positionIndex = primitive.attributes.POSITION ?? -1;
        const positions = read(positionIndex);
        const accessor = gltf.accessors[positionIndex];
        const vertices = accessor?.count ?? 0;
        for (let axis = 0; axis < 3; axis++) {
          const values = positions.filter((_, i) => i % 3 === axis);
          expect(Math.min(...values)).toBeCloseTo(accessor?.min?.[axis] ?? NaN, 4);
          expect(Math.max(...values)).toBeCloseTo(accessor?.max?.[axis] ?? NaN, 4);
        }
        for (const attribute of Object.values(primitive.attributes))
          expect(gltf.accessors[attribute]?.count).toBe(vertices);
        const indices = read(primitive.indices ?? -1);
        expect(indices.length % 3).toBe(0);
        expect(Math.max(...indices)).toBeLessThan(vertices);
      }
    }
    for (const image of gltf.images ?? []) {
      const view = gltf.bufferViews[image.bufferView];
      const start = view?.byteOffset ?? 0;
      expect(image.mimeType).toBe('image/png');
      expect(bin.subarray(start + 1, start + 4).toString('latin1')).toBe('PNG');
    }
  });
});

describe('demo layers', { timeout: 60_000 }, () => {
  it.each<DemoSiteKey>(['allotment', 'environment', 'construction'])(
    '%s: every feature is valid RFC 7946 GeoJSON in lon/lat',
    async (key) => {
      const site = await demoSite(key, 2025);
      const layers = site.layers();
      expect(layers.type).toBe('FeatureCollection');
      expect(layers.features.length).toBeGreaterThan(0);
      for (const feature of layers.features) {
        expect(
          booleanValid(feature as Feature),
          `${feature.properties.type} ${feature.properties.name}`,
        ).toBe(true);
        const pairs = Array.from(JSON.stringify(feature.geometry).matchAll(/\[(-?[\d.]+),(-?[\d.]+)\]/g));
        expect(pairs.length).toBeGreaterThan(0);
        for (const [, lon, lat] of pairs) {
          expect(Math.abs(Number(lon))).toBeLessThanOrEqual(180);
          expect(Math.abs(Number(lat))).toBeLessThanOrEqual(90);
        }
      }
    },
  );

  it('writes the green-area occupations as valid polygons beside the lot ground truth', async () => {
    const site = await demoSite('allotment', 2025);
    const extra = site.extraTruth?.() ?? {};
    const invasions = extra['area-invasions.geojson'] as { features: Feature[] };
    expect(invasions.features.length).toBe(2);
    for (const f of invasions.features) expect(booleanValid(f)).toBe(true);
  });
});

import { writeFileSync } from 'node:fs';
import { facadeTexturePng } from './building-texture';

/**
 * A small textured massing model of the Edifício Aurora structure (glTF 2.0 binary, written by hand to the
 * spec): one box per floor group with a facade texture, metres, +Y up, origin at the footprint centre.
 */
export async function writeBuildingModel(path: string, floors: number): Promise<number> {
  const glb = await buildingGlb(floors);
  writeFileSync(path, glb);
  return glb.length;
}

export async function buildingGlb(floors: number, width = 32, depth = 42, floorHeight = 3): Promise<Buffer> {
  const height = floors * floorHeight;
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const hx = width / 2;
  const hz = depth / 2;
  // Faces: +X, −X, +Z, −Z (facades, texture repeats per floor and per 4 m bay), +Y (roof slab).
  const quad = (corners: number[][], normal: number[], uMax: number, vMax: number): void => {
    const base = positions.length / 3;
    const uv = [
      [0, vMax],
      [uMax, vMax],
      [uMax, 0],
      [0, 0],
    ];
    corners.forEach((c, k) => {
      positions.push(...(c as [number, number, number]));
      normals.push(...normal);
      uvs.push(...(uv[k] as number[]));
    });
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  };
  quad(
    [
      [hx, 0, hz],
      [hx, 0, -hz],
      [hx, height, -hz],
      [hx, height, hz],
    ],
    [1, 0, 0],
    depth / 4,
    floors,
  );
  quad(
    [
      [-hx, 0, -hz],
      [-hx, 0, hz],
      [-hx, height, hz],
      [-hx, height, -hz],
    ],
    [-1, 0, 0],
    depth / 4,
    floors,
  );
  quad(
    [
      [-hx, 0, hz],
      [hx, 0, hz],
      [hx, height, hz],
      [-hx, height, hz],
    ],
    [0, 0, 1],
    width / 4,
    floors,
  );
  quad(
    [
      [hx, 0, -hz],
      [-hx, 0, -hz],
      [-hx, height, -hz],
      [hx, height, -hz],
    ],
    [0, 0, -1],
    width / 4,
    floors,
  );
  quad(
    [
      [-hx, height, hz],
      [hx, height, hz],
      [hx, height, -hz],
      [-hx, height, -hz],
    ],
    [0, 1, 0],
    0.02,
    0.02,
  );

  const png = await facadeTexturePng();
  const chunks = [
    new Float32Array(positions),
    new Float32Array(normals),
    new Float32Array(uvs),
    new Uint16Array(indices),
  ].map((a) => Buffer.from(a.buffer));
  const pad4 = (b: Buffer, fill = 0): Buffer =>
    b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4), fill)]);
  const parts = [...chunks, png].map((b) => pad4(b));
  const offsets: number[] = [];
  let offset = 0;
  for (const part of parts) {
    offsets.push(offset);
    offset += part.length;
  }
  const bin = Buffer.concat(parts);
  const count = positions.length / 3;
  const gltf = {
    asset: { version: '2.0', generator: 'Mirante demo generator' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'Edifício Aurora' }],
    meshes: [
      { primitives: [{ attributes: { POSITION: 0, NORMAL: 1, TEXCOORD_0: 2 }, indices: 3, material: 0 }] },
    ],
    materials: [
      {
        name: 'Fachada',
        pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicFactor: 0, roughnessFactor: 0.9 },
      },
    ],
    textures: [{ source: 0, sampler: 0 }],
    samplers: [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }],
    images: [{ bufferView: 4, mimeType: 'image/png' }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: offsets[0], byteLength: (chunks[0] as Buffer).length, target: 34962 },
      { buffer: 0, byteOffset: offsets[1], byteLength: (chunks[1] as Buffer).length, target: 34962 },
      { buffer: 0, byteOffset: offsets[2], byteLength: (chunks[2] as Buffer).length, target: 34962 },
      { buffer: 0, byteOffset: offsets[3], byteLength: (chunks[3] as Buffer).length, target: 34963 },
      { buffer: 0, byteOffset: offsets[4], byteLength: png.length },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min: [-hx, 0, -hz], max: [hx, height, hz] },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
      { bufferView: 2, componentType: 5126, count, type: 'VEC2' },
      { bufferView: 3, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  const json = pad4(Buffer.from(JSON.stringify(gltf), 'utf8'), 0x20);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0); // 'glTF'
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
  const chunkHeader = (length: number, type: number): Buffer => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.writeUInt32LE(type, 4);
    return h;
  };
  return Buffer.concat([
    header,
    chunkHeader(json.length, 0x4e4f534a),
    json,
    chunkHeader(bin.length, 0x004e4942),
    bin,
  ]);
}

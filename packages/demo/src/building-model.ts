/**
 * Small untextured glTF 2.0 binary models (written by hand to the spec) made of boxes: one node and mesh per
 * material, named in Portuguese ('Lajes', 'Pilares', 'Grua'…), so a viewer and a test can tell the parts apart.
 */

export type ModelMaterial = 'concrete' | 'column' | 'formwork' | 'rebar' | 'crane' | 'counterweight';

/** A box: centre and half sizes in metres (+Y up), turned `yaw` radians about +Y. */
export interface ModelBox {
  material: ModelMaterial;
  centre: [number, number, number];
  half: [number, number, number];
  yaw?: number;
}

const MATERIALS: Record<ModelMaterial, { node: string; colour: [number, number, number] }> = {
  concrete: { node: 'Lajes', colour: [0.66, 0.66, 0.64] },
  column: { node: 'Pilares', colour: [0.52, 0.52, 0.5] },
  formwork: { node: 'Fôrmas', colour: [0.72, 0.5, 0.27] },
  rebar: { node: 'Armação', colour: [0.46, 0.3, 0.22] },
  crane: { node: 'Grua', colour: [0.89, 0.71, 0.16] },
  counterweight: { node: 'Contrapeso', colour: [0.55, 0.55, 0.55] },
};

/** The six faces of a unit box: outward normal and its four corners (counter-clockwise seen from outside). */
const FACES: { normal: [number, number, number]; corners: [number, number, number][] }[] = [
  {
    normal: [1, 0, 0],
    corners: [
      [1, -1, 1],
      [1, -1, -1],
      [1, 1, -1],
      [1, 1, 1],
    ],
  },
  {
    normal: [-1, 0, 0],
    corners: [
      [-1, -1, -1],
      [-1, -1, 1],
      [-1, 1, 1],
      [-1, 1, -1],
    ],
  },
  {
    normal: [0, 1, 0],
    corners: [
      [-1, 1, 1],
      [1, 1, 1],
      [1, 1, -1],
      [-1, 1, -1],
    ],
  },
  {
    normal: [0, -1, 0],
    corners: [
      [-1, -1, -1],
      [1, -1, -1],
      [1, -1, 1],
      [-1, -1, 1],
    ],
  },
  {
    normal: [0, 0, 1],
    corners: [
      [-1, -1, 1],
      [1, -1, 1],
      [1, 1, 1],
      [-1, 1, 1],
    ],
  },
  {
    normal: [0, 0, -1],
    corners: [
      [1, -1, -1],
      [-1, -1, -1],
      [-1, 1, -1],
      [1, 1, -1],
    ],
  },
];

interface MeshData {
  positions: number[];
  normals: number[];
  indices: number[];
}

function addBox(mesh: MeshData, box: ModelBox): void {
  const yaw = box.yaw ?? 0;
  const cos = Math.cos(yaw);
  const sin = Math.sin(yaw);
  // Rotation about +Y: x' = x cos + z sin, z' = −x sin + z cos.
  const turn = (x: number, z: number): [number, number] => [x * cos + z * sin, -x * sin + z * cos];
  for (const face of FACES) {
    const base = mesh.positions.length / 3;
    const [nx, nz] = turn(face.normal[0], face.normal[2]);
    for (const [ux, uy, uz] of face.corners) {
      const [x, z] = turn(ux * box.half[0], uz * box.half[2]);
      mesh.positions.push(box.centre[0] + x, box.centre[1] + uy * box.half[1], box.centre[2] + z);
      mesh.normals.push(nx, face.normal[1], nz);
    }
    mesh.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
}

const pad4 = (b: Buffer, fill = 0): Buffer =>
  b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4), fill)]);

/** The boxes as one GLB: per material a node, a mesh and a flat-coloured PBR material. */
export function buildingGlbFromBoxes(boxes: readonly ModelBox[]): Buffer {
  const used = (Object.keys(MATERIALS) as ModelMaterial[]).filter((m) => boxes.some((b) => b.material === m));
  const parts: Buffer[] = [];
  let offset = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const meshes: object[] = [];
  const push = (data: Buffer, target: number): number => {
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.length, target });
    const padded = pad4(data);
    parts.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  used.forEach((material, index) => {
    const mesh: MeshData = { positions: [], normals: [], indices: [] };
    for (const box of boxes) if (box.material === material) addBox(mesh, box);
    const count = mesh.positions.length / 3;
    const min = [0, 1, 2].map((axis) => Math.min(...mesh.positions.filter((_, i) => i % 3 === axis)));
    const max = [0, 1, 2].map((axis) => Math.max(...mesh.positions.filter((_, i) => i % 3 === axis)));
    const position = push(Buffer.from(new Float32Array(mesh.positions).buffer), 34962);
    const normal = push(Buffer.from(new Float32Array(mesh.normals).buffer), 34962);
    const wide = count > 65535;
    const indexData = wide ? new Uint32Array(mesh.indices) : new Uint16Array(mesh.indices);
    const indices = push(Buffer.from(indexData.buffer), 34963);
    const first = accessors.length;
    accessors.push(
      { bufferView: position, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: normal, componentType: 5126, count, type: 'VEC3' },
      { bufferView: indices, componentType: wide ? 5125 : 5123, count: mesh.indices.length, type: 'SCALAR' },
    );
    meshes.push({
      name: MATERIALS[material].node,
      primitives: [
        { attributes: { POSITION: first, NORMAL: first + 1 }, indices: first + 2, material: index },
      ],
    });
  });
  const bin = Buffer.concat(parts);
  const gltf = {
    asset: { version: '2.0', generator: 'Mirante demo generator' },
    scene: 0,
    scenes: [{ nodes: used.map((_, i) => i) }],
    nodes: used.map((material, i) => ({ mesh: i, name: MATERIALS[material].node })),
    meshes,
    materials: used.map((material) => ({
      name: MATERIALS[material].node,
      pbrMetallicRoughness: {
        baseColorFactor: [...MATERIALS[material].colour, 1],
        metallicFactor: material === 'crane' || material === 'rebar' ? 0.4 : 0,
        roughnessFactor: 0.85,
      },
    })),
    buffers: [{ byteLength: bin.length }],
    bufferViews,
    accessors,
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

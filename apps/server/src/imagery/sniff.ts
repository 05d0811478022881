import { open } from 'node:fs/promises';

export type ImageKind = 'geotiff' | 'png' | 'jpeg';
export type ModelKind = 'glb' | 'gltf';

/** The first bytes of a file (magic numbers decide its type, never the name). */
export async function readHead(filePath: string, length = 16): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function sniffImage(head: Buffer): ImageKind | null {
  const startsWith = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  // Classic TIFF (42) and BigTIFF (43), both byte orders.
  if (startsWith([0x49, 0x49, 0x2a, 0x00]) || startsWith([0x4d, 0x4d, 0x00, 0x2a])) return 'geotiff';
  if (startsWith([0x49, 0x49, 0x2b, 0x00]) || startsWith([0x4d, 0x4d, 0x00, 0x2b])) return 'geotiff';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  return null;
}

export function sniffModel(head: Buffer): ModelKind | null {
  if (head.subarray(0, 4).toString('latin1') === 'glTF') return 'glb';
  const text = head.toString('utf8').trimStart();
  return text.startsWith('{') ? 'gltf' : null;
}

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import proj4 from 'proj4';

/**
 * IBGE's NTv2 grids for the old Brazilian datums (SAD69, Córrego Alegre 1961 and 1970-72) to SIRGAS 2000,
 * shipped in `grids/` (CC BY-SA 4.0, see grids/README.md). The keys are the names PROJ's definitions use
 * (`+nadgrids=CA7072_003.gsb`), so epsg-index's definitions of Córrego Alegre work as they are.
 */
export const DATUM_GRIDS = {
  'SAD69_003.gsb': 'SAD69',
  'CA7072_003.gsb': 'Córrego Alegre 1970-72',
  'CA61_003.gsb': 'Córrego Alegre 1961',
} as const;

export type DatumGridName = keyof typeof DATUM_GRIDS;

const loaded = new Set<string>();

/** Registers a shipped grid with proj4 (once per process; ~1 MB unpacked each). */
export function loadDatumGrid(name: DatumGridName): void {
  if (loaded.has(name)) return;
  const packed = readFileSync(new URL(`./grids/${name}.gz`, import.meta.url));
  const bytes = gunzipSync(packed);
  proj4.nadgrid(name, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  loaded.add(name);
}

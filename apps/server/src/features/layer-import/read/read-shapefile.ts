import { LAYER_IMPORT_LIMITS, LAYER_IMPORT_MESSAGES } from '@mirante/shared';
import { open } from 'shapefile';
import { AppError, unprocessable } from '../../../http/app-error';
import type { DeclaredCrs, SourceFeature, SourceFile } from './source-file';
import type { ZipEntry } from './zip-entries';

/** The parts of one shapefile found in the archive, by extension. */
interface ShapefileParts {
  name: string;
  shp: Buffer;
  dbf?: Buffer;
  prj?: Buffer;
  cpg?: Buffer;
}

const PART = /^(.*)\.(shp|dbf|prj|cpg)$/i;

/** Groups the archive's entries by shapefile (same path and base name, extension in any case). */
function shapefilesOf(entries: ZipEntry[]): ShapefileParts[] {
  const groups = new Map<string, Partial<ShapefileParts> & { name: string }>();
  for (const entry of entries) {
    const match = PART.exec(entry.name);
    if (!match) continue;
    const key = match[1]!.toLowerCase();
    const group = groups.get(key) ?? { name: match[1]!.split('/').pop() ?? match[1]! };
    group[match[2]!.toLowerCase() as 'shp' | 'dbf' | 'prj' | 'cpg'] = entry.data;
    groups.set(key, group);
  }
  return [...groups.values()].filter((group): group is ShapefileParts => group.shp !== undefined);
}

/**
 * The .dbf's text encoding: the .cpg's code page when there is one, else Latin-1 (Windows-1252), what Brazilian
 * GIS and CAD programs write without saying so.
 */
export function dbfEncoding(cpg: Buffer | undefined): string {
  const label = cpg?.toString('latin1').trim().toLowerCase().replace(/\s+/g, '') ?? '';
  if (label === '') return 'windows-1252';
  if (/^(utf-?8|65001)$/.test(label)) return 'utf-8';
  if (/^(ansi)?1252$|^windows-?1252$|^cp1252$/.test(label)) return 'windows-1252';
  if (/^(iso-?)?8859[-_]?1$|^88591$|^latin-?1$/.test(label)) return 'iso-8859-1';
  const codePage = /^(?:ansi|cp|windows-?)?(\d{3,4})$/.exec(label);
  const candidate = codePage ? `windows-${codePage[1]}` : label;
  try {
    new TextDecoder(candidate);
    return candidate;
  } catch {
    return 'windows-1252';
  }
}

async function readOne(parts: ShapefileParts, first: number): Promise<SourceFeature[]> {
  if (!parts.dbf) throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.shapefileWithoutDbf(parts.name));
  const features: SourceFeature[] = [];
  try {
    const source = await open(parts.shp, parts.dbf, { encoding: dbfEncoding(parts.cpg) });
    for (let record = 1; ; record++) {
      const next = await source.read();
      if (next.done) break;
      if (first + features.length >= LAYER_IMPORT_LIMITS.maxFeatures) {
        throw unprocessable(
          'TOO_MANY_FEATURES',
          LAYER_IMPORT_MESSAGES.tooManyFeatures(LAYER_IMPORT_LIMITS.maxFeatures),
        );
      }
      features.push({
        index: first + features.length,
        featureId: String(record),
        sourceLayer: parts.name,
        properties: next.value.properties ?? {},
        geometry: next.value.geometry,
      });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.invalidShapefile(parts.name));
  }
  return features;
}

/** The shapefiles of a .zip: every .shp with its .dbf, read with the .prj's CRS and the .cpg's encoding. */
export async function readShapefiles(entries: ZipEntry[]): Promise<SourceFile | null> {
  const shapefiles = shapefilesOf(entries);
  if (shapefiles.length === 0) return null;
  const features: SourceFeature[] = [];
  for (const parts of shapefiles) features.push(...(await readOne(parts, features.length)));
  const prj = shapefiles.find((parts) => parts.prj)?.prj;
  const declaredCrs: DeclaredCrs = prj
    ? { kind: 'wkt', wkt: prj.toString('latin1').trim() }
    : { kind: 'unspecified' };
  return { format: 'shapefile', features, declaredCrs, problems: [] };
}

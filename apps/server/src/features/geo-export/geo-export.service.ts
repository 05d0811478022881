import slugify from 'slugify';
import {
  GEO_EXPORT_MESSAGES,
  type DetectionsGeoExportQuery,
  type GeoExportQuery,
  type LayerGeometry,
  type NotesGeoExportQuery,
} from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { unprocessable } from '../../http/app-error';
import { seesUnpublished } from '../../policies';
import type { AuthUser } from '../auth';
import type { NotesService } from '../construction';
import type { DetectionsReportService } from '../detections-report';
import type { LayersService } from '../layers';
import type { ProjectsService } from '../projects';
import { WGS84, type ExportLayer } from './export-layers';
import { analysesLayer, detectionsLayer, lotsLayer, notesLayer, projectEpsg } from './export-rows';

export interface GeoExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

export interface GeoExportDeps {
  projects: ProjectsService;
  layers: Pick<LayersService, 'rowsOf'>;
  detectionsReport: DetectionsReportService;
  notes: NotesService;
  cpu: CpuPool;
}

const emptyExport = () => unprocessable('NOTHING_TO_EXPORT', GEO_EXPORT_MESSAGES.empty);

/**
 * Exports of geometry (GeoJSON, KML, zipped Shapefile, GeoPackage, DXF) in WGS 84 or the project's SIRGAS
 * 2000 / UTM zone, with the same permission checks as the page each comes from; the files are written on
 * the CPU pool.
 */
export function createGeoExportService({ projects, layers, detectionsReport, notes, cpu }: GeoExportDeps) {
  const dateOfToday = () => new Date().toISOString().slice(0, 10);

  async function write(
    query: GeoExportQuery,
    projectName: string,
    what: string,
    epsgOfProject: number,
    exported: ExportLayer[],
  ): Promise<GeoExportFile> {
    if (exported.every((layer) => layer.features.length === 0)) throw emptyExport();
    const baseName = `${slugify(projectName, { lower: true, strict: true })}-${what}-${dateOfToday()}`;
    const written = await cpu.run('writeGeoExport', {
      format: query.format,
      epsg: query.crs === 'utm' ? epsgOfProject : WGS84,
      baseName,
      layers: exported.filter((layer) => layer.features.length > 0),
    });
    const body = Buffer.from(written.bytes.buffer, written.bytes.byteOffset, written.bytes.byteLength);
    return { body, contentType: written.contentType, filename: written.filename };
  }

  return {
    /** The map's layers: lots with their latest status and the environment analyses' polygons. */
    async layers(user: AuthUser, projectId: number, query: GeoExportQuery): Promise<GeoExportFile> {
      const project = await projects.assertAccess(user, projectId, 'map');
      const rows = await layers.rowsOf(projectId, seesUnpublished(user));
      const epsg = projectEpsg(
        project.center,
        rows.map((row) => row.geoJson as LayerGeometry),
      );
      return write(query, project.name, 'camadas', epsg, [lotsLayer(rows, epsg), analysesLayer(rows, epsg)]);
    },

    /** The detections report's lots, the page's filters applied. */
    async detections(
      user: AuthUser,
      projectId: number,
      query: DetectionsGeoExportQuery,
    ): Promise<GeoExportFile> {
      const { project, history } = await detectionsReport.report(user, projectId, query);
      const rows = await layers.rowsOf(projectId, seesUnpublished(user));
      const epsg = projectEpsg(
        project.center,
        rows.map((row) => row.geoJson as LayerGeometry),
      );
      return write(query, project.name, 'deteccoes', epsg, [detectionsLayer(history, rows, epsg)]);
    },

    /** An inspection's notes. */
    async notes(user: AuthUser, query: NotesGeoExportQuery): Promise<GeoExportFile> {
      const { project, inspection, notes: list } = await notes.forExport(user, query.inspection_id);
      const epsg = projectEpsg(
        project.center,
        list.map((note) => note.geoJsonData as LayerGeometry),
      );
      return write(query, project.name, `anotacoes-fase-${inspection.phase}`, epsg, [notesLayer(list, epsg)]);
    },
  };
}

export type GeoExportService = ReturnType<typeof createGeoExportService>;

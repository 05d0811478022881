import type { EnvironmentFeature } from '@mirante/shared';
import type { SceneOnDisk } from '../../../imagery/scene-on-disk';
import type { Area } from '../detector/change-grid';
import { analysisImages } from './report-images';
import { reportMapPng } from './report-map';
import { environmentReportPdf, type ReportInput } from './report-pdf';

export interface ReportPdfInput extends Omit<ReportInput, 'images'> {
  area: Area;
  scenes: { before: SceneOnDisk | null; after: SceneOnDisk | null };
  features: EnvironmentFeature[];
}

/** The analysis report's CPU work (both scenes on a grid, the drawings, the map, the PDF), on a pool thread. */
export const reportTasks = {
  async environmentReportPdf(input: ReportPdfInput): Promise<Uint8Array> {
    const { area, scenes, ...report } = input;
    const images = await analysisImages(scenes, area, report.features);
    return environmentReportPdf({
      ...report,
      images: { ...images, map: await reportMapPng(area, report.features) },
    });
  },
};

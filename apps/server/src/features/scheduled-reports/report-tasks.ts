import { invasionChips } from './report-chips';
import type { ReportDocument, ReportScenes } from './report-document';
import { reportMapPng } from './report-map';
import { scheduledReportPdf } from './report-pdf';

/** The scheduled report's CPU work (the map, the invasions' images, the PDF), on a pool thread. */
export const scheduledReportTasks = {
  async scheduledReportPdf(input: { document: ReportDocument; scenes: ReportScenes }): Promise<Uint8Array> {
    const { document, scenes } = input;
    const [map, chips] = await Promise.all([
      reportMapPng(document),
      invasionChips(scenes, document.invasions),
    ]);
    return scheduledReportPdf(document, { map, chips });
  },
};

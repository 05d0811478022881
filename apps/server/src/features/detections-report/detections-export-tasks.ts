import { buffer } from 'node:stream/consumers';
import type { DetectionsExportQuery, DetectionsHistory } from '@mirante/shared';
import { exportTable, toCsv, toXlsx } from './detections-export';

/** The detections report's export file (CSV or .xlsx), written whole on a CPU pool thread. */
export const detectionsExportTasks = {
  async writeDetectionsExport(input: {
    history: DetectionsHistory;
    query: DetectionsExportQuery;
    hasStage: boolean;
  }): Promise<Uint8Array> {
    const table = exportTable(input.history, input.query, input.hasStage);
    return buffer(input.query.fileType === 'csv' ? toCsv(table) : toXlsx(table));
  },
};

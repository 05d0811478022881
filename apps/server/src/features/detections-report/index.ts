/** The detections report feature's public entry: what other features may use. */
export type { DetectionsReportService } from './detections-report.service';

/** The analyses feature's public entry: what other features may use. */
export type { AnalysesService } from './analyses.service';
export type { DetectionProcessor, ProcessingReporter } from './analyses.processing';

/** The analyses feature's public entry: what other features may use. */
export type { AnalysesService } from './analyses.service';
export type { DetectionJobInput, DetectionProcessor, ProcessingReporter } from './analyses.processing';
export { ProcessingUnavailableError } from './analyses.processing';

/** The environment feature's public entry: what other features may use. */
export type { EnvironmentService } from './environment.service';
export { DEFAULT_DETECTOR_SETTINGS } from './detector/detect-change';

/** The environment feature's public entry: what other features may use. */
export { DEFAULT_DETECTOR_SETTINGS } from './detector/detect-change';
/** The scene sampling and drawing the scheduled reports reuse for their before/after images. */
export { areaBounds, gridOver, type Area } from './detector/change-grid';
export { sampleScene } from './detector/sample-scene';
export { gridImagePng } from './imaging/frame-image';

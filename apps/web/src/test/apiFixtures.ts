import type { Inspection, Note, Overlay, Scene } from '@mirante/shared';

/** A ready scene of the fixtures' project, dated `isoDate` (YYYY-MM-DD); override what the test is about. */
export function testScene(id: number, isoDate: string, overrides: Partial<Scene> = {}): Scene {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return {
    id,
    date: `${day}${month}${year}`,
    isoDate,
    dateText: isoDate,
    dateFormatted: `${day}/${month}/${year}`,
    sceneId: id,
    projectId: 1,
    projectName: 'Jardim das Palmeiras - Etapas 1 a 3',
    projectSpace: 'jardim',
    detectId: null,
    offset: [0, 0],
    approvalStatus: true,
    imageApprovalStatus: true,
    publishImage: true,
    map3dUrl: null,
    precision: null,
    cloud: null,
    tileUrl: `/tiles/jardim/${isoDate}/{z}/{x}/{y}.png`,
    previewUrl: null,
    originalUrl: `/tiles/jardim/${isoDate}/original.tif`,
    bounds: null,
    minZoom: null,
    maxZoom: null,
    status: 'ready',
    progress: 100,
    errorMessage: null,
    ...overrides,
  };
}

/** An inspection (phase `phase`) on `scene`. */
export function testInspection(id: number, scene: Scene, phase: number): Inspection {
  return {
    id,
    project_id: scene.projectId,
    scene_id: scene.id,
    phase,
    date: scene.isoDate,
    dateText: scene.dateFormatted,
    scene: { id: scene.id, isoDate: scene.isoDate, published: scene.publishImage },
    hasDsm: false,
  };
}

/** A note (a marker) of `inspectionId`. */
export function testNote(id: number, inspectionId: number, name: string): Note {
  const geometry: Note['geoJsonData'] = { type: 'Point', coordinates: [0.5, 0.5] };
  return {
    id,
    name,
    date: '2025-07-15',
    description: 'Marcador para os testes de falha',
    category_id: 1,
    category_name: 'Interferências',
    category_color: '#aa3300',
    note_type: 'marker',
    area: null,
    volume: 0,
    geoJsonData: geometry,
    inspectionId,
    layerGeojson: { type: 'Feature', properties: { id, note_type: 'marker', color: '#aa3300' }, geometry },
  };
}

/** A plan laid over the fixtures' project with two control points. */
export function testOverlay(id: number, name: string): Overlay {
  return {
    id,
    project_id: 1,
    name,
    hash: `plan-${id}`,
    bounds: [
      [0, 0],
      [1, 1],
    ],
    corners: [
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ],
    points: [
      { lat: 0, lng: 0, x: 0, y: 100 },
      { lat: 1, lng: 1, x: 100, y: 0 },
    ],
    transform: 'similarity',
    residuals: [0, 0],
    rmse: 0,
    opacity: 100,
    width: 100,
    height: 100,
  };
}

import { displayDate, type AdminScene, type Scene } from '@mirante/shared';
import type { SceneRow } from './scenes.repo';

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** The scene's date in the forms the spec uses, from its YYYY-MM-DD. */
export function sceneDates(isoDate: string) {
  const [year, month, day] = isoDate.split('-') as [string, string, string];
  return {
    date: `${day}${month}${year}`,
    isoDate,
    dateFormatted: displayDate(isoDate),
    dateText: `${Number(day)} de ${MONTHS[Number(month) - 1]} de ${year}`,
  };
}

/** The public address of a scene's files: `/tiles/{space}/{YYYY-MM-DD}/…`. */
export function sceneBasePath(space: string, isoDate: string): string {
  return `/tiles/${encodeURIComponent(space)}/${isoDate}`;
}

export function toScene(row: SceneRow): Scene {
  const base = sceneBasePath(row.projectSpace, row.date);
  const bounds = row.bounds as [number, number, number, number] | null;
  return {
    id: row.id,
    ...sceneDates(row.date),
    sceneId: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    projectSpace: row.projectSpace,
    detectId: row.detectId ?? null,
    offset: [row.offsetX, row.offsetY],
    approvalStatus: row.published,
    imageApprovalStatus: row.published,
    publishImage: row.published,
    map3dUrl: row.modelKey ? `${base}/model` : null,
    precision: row.precision,
    cloud: row.cloud,
    tileUrl: `${base}/{z}/{x}/{y}.png`,
    previewUrl: row.previewKey ? `${base}/preview.png` : null,
    originalUrl: `${base}/original`,
    bounds: bounds
      ? [
          [bounds[0], bounds[1]],
          [bounds[2], bounds[3]],
        ]
      : null,
    minZoom: row.minZoom,
    maxZoom: row.maxZoom,
    status: row.status,
    progress: row.progress,
    errorMessage: row.errorMessage,
  };
}

export function toAdminScene(row: SceneRow): AdminScene {
  const scene = toScene(row);
  return {
    ...scene,
    project_id: scene.projectId,
    project_name: scene.projectName,
    date_formatted: scene.dateFormatted,
  };
}

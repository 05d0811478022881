import { buildPath, endpointUrl, timelapseApi, type TimelapseBox } from '@mirante/shared';

const round = (value: number) => String(Math.round(value * 1e7) / 1e7);

/** The player's frame of `sceneId` (an <img> source: the session travels as `api_token`). */
export function frameUrl(
  projectId: number,
  sceneId: number,
  box: TimelapseBox,
  lotId: number | null,
  apiToken: string,
): string {
  const query = new URLSearchParams({
    scene_id: String(sceneId),
    west: round(box.west),
    south: round(box.south),
    east: round(box.east),
    north: round(box.north),
    width: String(box.width),
    height: String(box.height),
  });
  if (lotId !== null) query.set('lot_id', String(lotId));
  query.set('api_token', apiToken);
  return `${buildPath(endpointUrl(timelapseApi.frame), { projectId })}?${query.toString()}`;
}

/** The finished export's file. */
export const exportFileUrl = (exportId: number, apiToken: string) =>
  `${buildPath(endpointUrl(timelapseApi.exportFile), { id: exportId })}?api_token=${encodeURIComponent(apiToken)}`;

/** Frame time of each playback speed (1× shows a scene for 0.8 s). */
export const SPEEDS = [
  { label: '0,5×', frameMs: 1600 },
  { label: '1×', frameMs: 800 },
  { label: '2×', frameMs: 400 },
  { label: '4×', frameMs: 200 },
] as const;

import type pg from 'pg';

/** The id of a demo project by its `space`. */
export async function projectIdOf(db: pg.Pool, space: string): Promise<number> {
  return (await db.query<{ id: number }>('SELECT id FROM projects WHERE space = $1', [space])).rows[0]!.id;
}

/** A scene row already 'ready' (the drawing and upload endpoints only need it to exist), with optional bounds. */
export async function insertReadyScene(
  db: pg.Pool,
  projectId: number,
  date: string,
  bounds: [number, number, number, number] | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO scenes (project_id, date, status, progress, source_kind, original_key, original_name, bounds)
     VALUES ($1, $2, 'ready', 100, 'geotiff', 'reliability/original.tif', 'cena.tif', $3) RETURNING id`,
    [projectId, date, bounds],
  );
  return rows[0]!.id;
}

/** An environment analysis between two scenes, approved and processed, as its detections need. */
export async function insertEnvironmentAnalysis(
  db: pg.Pool,
  projectId: number,
  beforeSceneId: number,
  afterSceneId: number,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO detections (project_id, scene_id, before_scene_id, approved, processing_state)
     VALUES ($1, $2, $3, true, 'done') RETURNING id`,
    [projectId, afterSceneId, beforeSceneId],
  );
  return rows[0]!.id;
}

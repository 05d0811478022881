import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  GeoreferenceError,
  OVERLAY_MESSAGES,
  OVERLAY_OPACITY,
  georeference,
  id as idRule,
  type ControlPoint,
  type Overlay,
  type OverlayCreate,
  type OverlayFile,
} from '@mirante/shared';
import sharp from 'sharp';
import type { AppError } from '../../http/app-error';
import { notFound, unprocessable } from '../../http/app-error';
import { discardUnlessMaybeCommitted } from '../../storage/discard-uncommitted';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { OverlayRow, OverlaysRepo } from './overlays.repo';
import {
  PDF_RENDER_LIMITS,
  PdfRenderError,
  renderPdfFirstPage,
  type PdfRenderFailure,
  type PdfRenderLimits,
} from './pdf/pdf-first-page';
import type { ReceivedPdf } from '../../http/receive-pdf';

/** Long edge of the wizard's reduced image (`small=1`). */
const SMALL_LONG_EDGE = 1600;
/** How far the sent bounds may differ from the corners' (degrees, about a centimetre). */
const BOUNDS_TOLERANCE = 1e-7;

const PDF_MESSAGES: Record<PdfRenderFailure, string> = {
  unreadable: OVERLAY_MESSAGES.pdfUnreadable,
  'image-too-large': OVERLAY_MESSAGES.pdfImageTooLarge,
  timeout: OVERLAY_MESSAGES.pdfTooSlow,
  memory: OVERLAY_MESSAGES.pdfTooMuchMemory,
};

const HASH = /^[a-f0-9]{32}$/;
/** An uploaded plan not taken by an overlay within this long was abandoned (the wizard has no other clock). */
export const OVERLAY_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const overlayNotFound = () => notFound(OVERLAY_MESSAGES.notFound, 'OVERLAY_NOT_FOUND');
const fileNotFound = () => notFound(OVERLAY_MESSAGES.fileNotFound, 'OVERLAY_FILE_NOT_FOUND');

function toOverlay(row: OverlayRow): Overlay {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    hash: row.hash,
    bounds: row.bounds,
    corners: row.corners,
    points: row.points,
    transform: row.transform,
    residuals: row.residuals,
    rmse: row.rmse,
    opacity: row.opacity,
    width: row.width,
    height: row.height,
  };
}

/** The demo seed's own plan: wall-clock limit of its conversion (an upload's is PDF_RENDER_LIMITS.timeoutMs). */
const SEED_TIMEOUT_MS = 180_000;

/** Overlays of construction projects: PDF plans converted here and laid over the imagery. */
export function createOverlaysService(repo: OverlaysRepo, projects: ProjectsService, storage: Storage) {
  async function assertOverlays(user: AuthUser, projectId: number, hiddenAs?: () => AppError) {
    const project = await projects.assertAccess(user, projectId, 'overlays', hiddenAs);
    if (project.projectType !== 'CONSTRUCTION')
      throw unprocessable('NOT_CONSTRUCTION', OVERLAY_MESSAGES.constructionOnly);
  }

  async function storePlan(
    projectId: number,
    createdBy: number | null,
    upload: ReceivedPdf,
    limits: PdfRenderLimits = PDF_RENDER_LIMITS,
  ): Promise<OverlayFile> {
    const pagePath = path.join(upload.dir, 'page.png');
    const smallPath = path.join(upload.dir, 'small.png');
    let page;
    try {
      page = await renderPdfFirstPage(upload.pdfPath, pagePath, limits);
    } catch (error) {
      if (error instanceof PdfRenderError) throw unprocessable('PDF_REFUSED', PDF_MESSAGES[error.reason]);
      throw error;
    }
    await sharp(pagePath)
      .resize({ width: SMALL_LONG_EDGE, height: SMALL_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toFile(smallPath);
    const hash = randomBytes(16).toString('hex');
    const folder = `overlays/p${projectId}/${hash}`;
    try {
      await storage.putFile(`${folder}/image.png`, pagePath);
      await storage.putFile(`${folder}/small.png`, smallPath);
      await repo.insertFile({
        hash,
        projectId,
        imageKey: `${folder}/image.png`,
        smallKey: `${folder}/small.png`,
        width: page.width,
        height: page.height,
        originalName: upload.originalName,
        createdBy,
      });
    } catch (error) {
      await discardUnlessMaybeCommitted(storage, folder, error);
      throw error;
    }
    return { hash, width: page.width, height: page.height };
  }

  return {
    /** Before the PDF's bytes are read: the project (sent first) exists and the user may add overlays to it. */
    async assertCanUpload(user: AuthUser, fields: Record<string, string>): Promise<number> {
      const projectId = idRule().safeParse(fields.project_id);
      if (!projectId.success) throw unprocessable('VALIDATION', OVERLAY_MESSAGES.projectFirst);
      await assertOverlays(user, projectId.data);
      return projectId.data;
    },

    /** Renders the PDF's first page (in a limited child process) and keeps the image and its reduced copy. */
    convert(user: AuthUser, projectId: number, upload: ReceivedPdf): Promise<OverlayFile> {
      return storePlan(projectId, user.id, upload);
    },

    /**
     * The demo seed's plan (no session: the caller is the seed): converted like an upload and laid with the
     * points the plan's geometry gives for the rendered image's size. Once: a project with overlays is left alone.
     * Our own PDF, so the upload's time limit (against crafted files) is relaxed: on a busy start-up (several
     * servers starting on 2 cores) its conversion took past 30 s and the demo came up without its plan.
     */
    async seedPlan(
      projectId: number,
      upload: ReceivedPdf,
      name: string,
      pointsFor: (size: { width: number; height: number }) => ControlPoint[],
    ): Promise<number | null> {
      if ((await repo.listForProject(projectId)).length > 0) return null;
      const file = await storePlan(projectId, null, upload, {
        ...PDF_RENDER_LIMITS,
        timeoutMs: SEED_TIMEOUT_MS,
      });
      const points = pointsFor(file);
      const fit = georeference(points, file);
      return repo.insert({
        projectId,
        name,
        hash: file.hash,
        bounds: JSON.stringify(fit.bounds),
        corners: JSON.stringify(fit.corners),
        points: JSON.stringify(points),
        transform: fit.kind,
        residuals: JSON.stringify(fit.residuals),
        rmse: fit.rmse,
        opacity: OVERLAY_OPACITY.default,
        createdBy: null,
      });
    },

    async image(
      user: AuthUser,
      hash: string,
      small: boolean,
    ): Promise<{ stream: Readable; size: number | null }> {
      const file = HASH.test(hash) ? await repo.findFile(hash) : undefined;
      if (!file) throw fileNotFound();
      await assertOverlays(user, file.projectId, fileNotFound);
      const key = small ? file.smallKey : file.imageKey;
      return { stream: await storage.getStream(key), size: await storage.size(key) };
    },

    async list(user: AuthUser, projectId: number): Promise<Overlay[]> {
      await assertOverlays(user, projectId);
      return (await repo.listForProject(projectId)).map(toOverlay);
    },

    /** Fits the control points (2: similarity, 3+: least-squares affine) and stores the plan's four corners. */
    async create(user: AuthUser, input: OverlayCreate): Promise<Overlay> {
      await assertOverlays(user, input.project_id);
      const file = HASH.test(input.hash) ? await repo.findFile(input.hash) : undefined;
      if (!file || file.projectId !== input.project_id) throw fileNotFound();
      let fit;
      try {
        fit = georeference(input.points, { width: file.width, height: file.height });
      } catch (error) {
        if (error instanceof GeoreferenceError) throw unprocessable('GEOREFERENCE_INVALID', error.message);
        throw error;
      }
      const sent = input.bounds.flat();
      if (fit.bounds.flat().some((value, i) => Math.abs(value - sent[i]!) > BOUNDS_TOLERANCE))
        throw unprocessable('GEOREFERENCE_INVALID', OVERLAY_MESSAGES.boundsMismatch);
      const id = await repo.insert({
        projectId: input.project_id,
        name: input.name,
        hash: input.hash,
        bounds: JSON.stringify(fit.bounds),
        corners: JSON.stringify(fit.corners),
        points: JSON.stringify(input.points),
        transform: fit.kind,
        residuals: JSON.stringify(fit.residuals),
        rmse: fit.rmse,
        opacity: input.opacity ?? OVERLAY_OPACITY.default,
        createdBy: user.id,
      });
      return toOverlay((await repo.find(input.project_id, id))!);
    },

    async destroy(user: AuthUser, projectId: number, overlayId: number): Promise<{ id: number }> {
      // The overlay first: another customer's id answers exactly as a missing one, whatever project is sent.
      const row = await repo.find(projectId, overlayId);
      if (!row) throw overlayNotFound();
      await assertOverlays(user, projectId, overlayNotFound);
      if (!(await repo.remove(projectId, overlayId))) throw overlayNotFound();
      if (!(await repo.fileInUse(row.hash))) {
        await repo.removeFile(row.hash);
        await storage.deletePrefix(`overlays/p${projectId}/${row.hash}`).catch(() => undefined);
      }
      return { id: overlayId };
    },

    /**
     * Deletes the plans uploaded at least OVERLAY_UPLOAD_TTL_MS before `now` that no overlay took (a wizard
     * left before saving), rows and files; answers their hashes.
     */
    async removeAbandonedUploads(now: Date = new Date()): Promise<string[]> {
      const stale = await repo.removeStaleFiles(new Date(now.getTime() - OVERLAY_UPLOAD_TTL_MS));
      for (const { hash, projectId } of stale)
        await storage.deletePrefix(`overlays/p${projectId}/${hash}`).catch(() => undefined);
      return stale.map((file) => file.hash);
    },
  };
}

export type OverlaysService = ReturnType<typeof createOverlaysService>;

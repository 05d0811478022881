import type { DETECTION_KEYS } from '@mirante/shared';
import {
  API_BASE_PATH,
  SHARE_MESSAGES,
  displayDate,
  isCalendarDate,
  type CreatedShareLink,
  type Layer,
  type ShareLink,
  type SharedScene,
  type SharedView,
  type createShareLinkSchema,
} from '@mirante/shared';
import type { z } from 'zod';
import { AppError, forbidden, notFound, unprocessable } from '../../http/app-error';
import { mayShareProjects } from '../../policies';
import { hashPassword, hashToken, verifyPassword, type AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { ScenesService, ServedTile } from '../scenes';
import type { ShareAccessSigner } from './share-access';
import type { LiveShareLink, PublishedSceneRow, ShareLinkRow, ShareLinksRepo } from './share-links.repo';
import { looksLikeShareToken, newShareToken, sharedViewPath } from './share-token';
import { lotStatusesByDate } from './status-at-dates';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Brazil, for a project with neither boundary nor imagery. */
const BRAZIL: [[number, number], [number, number]] = [
  [-74, -34],
  [-34, 5.5],
];

type CreateInput = z.output<typeof createShareLinkSchema>;
type DetectionKey = (typeof DETECTION_KEYS)[number];

/** The throttle of one address's password tries on one link. */
export interface PasswordGuard {
  check(): Promise<void>;
  wrong(): Promise<void>;
}

const linkNotFound = () => notFound(SHARE_MESSAGES.notFound, 'SHARE_LINK_NOT_FOUND');
const unavailable = () => notFound(SHARE_MESSAGES.unavailable, 'SHARE_UNAVAILABLE');
const invalid = (message: string) => unprocessable('SHARE_LINK_INVALID', message);
const tileNotFound = () => notFound('Tile inexistente.', 'TILE_NOT_FOUND');

function view(row: ShareLinkRow): ShareLink {
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    date: row.date,
    before_date: row.beforeDate,
    compare_mode: row.compareMode,
    layer_id: row.layerId,
    lot_name: row.lotName,
    show_observations: row.showObservations,
    has_password: row.hasPassword,
    created_by: row.createdByName,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    views: row.views,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
  };
}

/** What the link's kind needs, in the form it is stored (the compared dates in order), or a pt-BR refusal. */
function linkFields(input: CreateInput, published: ReadonlySet<string>) {
  const mustBePublished = (date: string) => {
    if (!published.has(date)) throw invalid(SHARE_MESSAGES.dateNotPublished);
  };
  if (input.kind === 'map') {
    if (!input.date) throw invalid(SHARE_MESSAGES.dateRequired);
    mustBePublished(input.date);
    return { date: input.date, beforeDate: null, compareMode: null, layerId: null };
  }
  if (input.kind === 'compare') {
    if (!input.date || !input.before_date) throw invalid(SHARE_MESSAGES.beforeDateRequired);
    if (input.date === input.before_date) throw invalid(SHARE_MESSAGES.datesEqual);
    mustBePublished(input.date);
    mustBePublished(input.before_date);
    const [before, after] = [input.date, input.before_date].sort() as [string, string];
    return {
      date: after,
      beforeDate: before,
      compareMode: input.compare_mode ?? 'lado-a-lado',
      layerId: null,
    };
  }
  if (!input.layer_id) throw invalid(SHARE_MESSAGES.lotRequired);
  if (published.size === 0) throw invalid(SHARE_MESSAGES.noPublishedScene);
  return { date: null, beforeDate: null, compareMode: null, layerId: input.layer_id };
}

/** The scene dates a link shows: its date, its two compared dates, or every published date (a lot's history). */
function shownDates(link: LiveShareLink, published: readonly PublishedSceneRow[]): string[] {
  if (link.kind === 'lot') return published.map((scene) => scene.date);
  return [link.beforeDate, link.date].filter((date): date is string => date !== null);
}

function viewBounds(
  link: LiveShareLink,
  scenes: readonly PublishedSceneRow[],
): [[number, number], [number, number]] {
  const boxes = link.projectBbox
    ? [link.projectBbox]
    : scenes.flatMap((scene) => (scene.bounds ? [scene.bounds] : []));
  if (boxes.length === 0) return BRAZIL;
  const west = Math.min(...boxes.map((box) => box[0]!));
  const south = Math.min(...boxes.map((box) => box[1]!));
  const east = Math.max(...boxes.map((box) => box[2]!));
  const north = Math.max(...boxes.map((box) => box[3]!));
  return [
    [west, south],
    [east, north],
  ];
}

/** `{y}.png` / `{y}.webp` of a tile path, or null. */
function tileFile(file: string): { y: number; format: 'png' | 'webp' } | null {
  const match = /^(\d{1,10})\.(png|webp)$/.exec(file);
  return match ? { y: Number(match[1]), format: match[2] as 'png' | 'webp' } : null;
}

/**
 * Read-only share links of a project and the public view they open. Creating, listing and revoking follow the
 * project rules of their author (an ADMIN or a MANAGER); the view shows published scenes and lot statuses only,
 * looks its link up on every request (a revocation or an expiry holds at once in every process) and reaches no
 * other project: its tiles are served only for its own project's space and dates.
 */
export function createShareLinksService(deps: {
  repo: ShareLinksRepo;
  projects: ProjectsService;
  scenes: Pick<ScenesService, 'tiles'>;
  signer: ShareAccessSigner;
  appUrl: string;
}) {
  const { repo, projects, scenes, signer } = deps;

  async function assertSharer(user: AuthUser, projectId: number, hiddenAs?: () => AppError) {
    if (!mayShareProjects(user))
      throw forbidden('Somente administradores e gestores compartilham visualizações.');
    return projects.assertAccess(user, projectId, 'map', hiddenAs);
  }

  async function liveLink(token: string): Promise<LiveShareLink> {
    if (!looksLikeShareToken(token)) throw unavailable();
    const link = await repo.findLive(hashToken(token));
    if (!link) throw unavailable();
    return link;
  }

  return {
    async list(user: AuthUser, projectId: number): Promise<ShareLink[]> {
      await assertSharer(user, projectId);
      return (await repo.listOf(projectId)).map(view);
    },

    async create(user: AuthUser, projectId: number, input: CreateInput): Promise<CreatedShareLink> {
      await assertSharer(user, projectId);
      // Another project's lot answers as a missing one, whatever the link's kind.
      if (input.layer_id && !(await repo.lotOf(projectId, input.layer_id)))
        throw notFound(SHARE_MESSAGES.lotNotFound, 'LAYER_NOT_FOUND');
      const published = new Set((await repo.publishedScenes(projectId)).map((scene) => scene.date));
      const fields = linkFields(input, published);
      const { token, hash } = newShareToken();
      const id = await repo.insert({
        projectId,
        createdBy: user.id,
        kind: input.kind,
        ...fields,
        showObservations: input.show_observations,
        tokenHash: hash,
        passwordHash: input.password ? await hashPassword(input.password) : null,
        expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
      });
      const row = await repo.find(id);
      if (!row) throw linkNotFound();
      return { ...view(row), url: `${deps.appUrl}${sharedViewPath(token)}` };
    },

    async revoke(user: AuthUser, id: number): Promise<ShareLink> {
      const row = await repo.find(id);
      if (!row) throw linkNotFound();
      await assertSharer(user, row.projectId, linkNotFound);
      await repo.revoke(id);
      const revoked = await repo.find(id);
      if (!revoked) throw linkNotFound();
      return view(revoked);
    },

    /** The shared view (the password checked when the link has one); counts one view. */
    /** `guard`: refuses an address that got this link's password wrong too often, and counts each miss. */
    async open(token: string, password: string | undefined, guard?: PasswordGuard): Promise<SharedView> {
      const link = await liveLink(token);
      if (link.passwordHash !== null) {
        if (!password) throw new AppError(401, 'SHARE_PASSWORD_REQUIRED', SHARE_MESSAGES.passwordRequired);
        await guard?.check();
        if (!(await verifyPassword(link.passwordHash, password))) {
          await guard?.wrong();
          throw new AppError(401, 'SHARE_PASSWORD_WRONG', SHARE_MESSAGES.passwordWrong);
        }
      }
      const published = await repo.publishedScenes(link.projectId);
      const dates = shownDates(link, published);
      const shownScenes = published.filter((scene) => dates.includes(scene.date));
      const lotId = link.kind === 'lot' ? link.layerId : null;
      const until = dates.at(-1) ?? '9999-12-31';
      const [layerRows, statusRows, observations] = await Promise.all([
        repo.layers(link.projectId, lotId),
        repo.statuses(link.projectId, lotId, until),
        link.showObservations ? repo.observations(link.projectId, lotId) : Promise.resolve(null),
      ]);
      const byLot = lotStatusesByDate(statusRows, dates);
      const lastDate = dates.at(-1) ?? null;
      const layers: Layer[] = layerRows.map((row) => {
        const latest = row.type === 'LOT' && lastDate ? (byLot.get(row.id)?.get(lastDate) ?? null) : null;
        return {
          id: row.id,
          project_id: link.projectId,
          type: row.type as Layer['type'],
          name: row.name,
          block: row.block,
          stage: row.stage,
          customer_code: null,
          tag_value: null,
          area: row.areaM2,
          perimeter: row.perimeterM,
          start_visible: row.startVisible,
          geo_json: row.geoJson as Layer['geo_json'],
          detectAllotment: latest
            ? { detect_type: latest as DetectionKey, date: lastDate!, precision: null }
            : null,
        };
      });
      const access = signer.sign(link.id, link.expiresAt);
      const lot = lotId === null ? null : (layerRows.find((row) => row.id === lotId) ?? null);
      await repo.countView(link.id);
      return {
        kind: link.kind,
        project: { name: link.projectName, bounds: viewBounds(link, published) },
        compare_mode: link.compareMode,
        expires_at: link.expiresAt.toISOString(),
        scenes: shownScenes.map((scene): SharedScene => ({
          isoDate: scene.date,
          dateFormatted: displayDate(scene.date),
          tileUrl:
            `${API_BASE_PATH}/shared/${token}/tiles/${scene.date}/{z}/{x}/{y}.png` +
            `?exp=${access.expires}&sig=${access.signature}`,
          bounds: scene.bounds
            ? [
                [scene.bounds[0]!, scene.bounds[1]!],
                [scene.bounds[2]!, scene.bounds[3]!],
              ]
            : null,
          minZoom: scene.minZoom,
          maxZoom: scene.maxZoom,
        })),
        layers,
        statuses: layerRows
          .filter((row) => row.type === 'LOT')
          .map((row) => ({
            layer_id: row.id,
            by_date: dates.map((date) => ({
              date,
              status: (byLot.get(row.id)?.get(date) ?? null) as DetectionKey | null,
            })),
          })),
        lot: lot ? { id: lot.id, name: lot.name, block: lot.block } : null,
        observations: observations
          ? observations.map((item) => ({
              layer_id: item.layerId,
              date: item.date,
              description: item.description,
            }))
          : null,
      };
    },

    /** A tile of one of the link's published scenes, for a request carrying the signature of an opening. */
    async tile(
      token: string,
      params: { date: string; z: string; x: string; file: string },
      query: { exp?: string; sig?: string },
    ): Promise<ServedTile> {
      const link = await liveLink(token);
      const expires = Number(query.exp);
      if (!query.sig || !/^\d{1,12}$/.test(query.exp ?? '') || !signer.verify(link.id, expires, query.sig))
        throw new AppError(403, 'SHARE_TILE_REFUSED', SHARE_MESSAGES.tilesRefused);
      const file = tileFile(params.file);
      if (
        !file ||
        !isCalendarDate(params.date) ||
        !/^\d{1,2}$/.test(params.z) ||
        !/^\d{1,10}$/.test(params.x)
      )
        throw tileNotFound();
      if (link.kind !== 'lot' && params.date !== link.date && params.date !== link.beforeDate)
        throw tileNotFound();
      return scenes.tiles.tile(null, {
        space: link.projectSpace,
        date: params.date,
        z: Number(params.z),
        x: Number(params.x),
        y: file.y,
        format: file.format,
      });
    },
  };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;

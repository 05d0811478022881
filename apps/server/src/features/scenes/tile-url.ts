import { isCalendarDate } from '@mirante/shared';
import type { TileFormat } from '../../imagery/encode-tile';

export interface TilePath {
  space: string;
  date: string;
  z: number;
  x: number;
  y: number;
  format: TileFormat;
}

export interface TileQuery {
  /** `?v=`: the tile version the client believes current. */
  version: string | undefined;
  /** `?api_token=`: the session for clients that can't send headers. */
  apiToken: string | undefined;
  /**
   * `?exp=`, `?s=` and `?sig=`: a published scene's URL signed for one session (`tile-signature.ts`), served
   * without the session's token while that session lives.
   */
  expires: string | undefined;
  session: string | undefined;
  signature: string | undefined;
}

const QUERY_KEYS = new Map<string, keyof TileQuery>([
  ['v', 'version'],
  ['api_token', 'apiToken'],
  ['exp', 'expires'],
  ['s', 'session'],
  ['sig', 'signature'],
]);

const PREFIX = '/tiles/';
const DIGITS = /^\d{1,10}$/;
/** Deeper than any map zoom (23); beyond it no tile exists. */
const MAX_TILE_ZOOM = 30;
const SPACE_MAX = 255;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * True when `space` and `date` can name a scene: a short text without control characters (PostgreSQL refuses
 * NUL) and a real YYYY-MM-DD date. Anything else names no scene, so it is a 404 before any query.
 */
export function isSceneKey(space: string, date: string): boolean {
  return (
    space.length > 0 && space.length <= SPACE_MAX && !CONTROL_CHARACTERS.test(space) && isCalendarDate(date)
  );
}

function isTileOf(z: number, x: number, y: number): boolean {
  const size = 2 ** z;
  return z <= MAX_TILE_ZOOM && x < size && y < size;
}

function decode(text: string): string | null {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function decodeQueryValue(text: string): string | null {
  return decode(text.includes('+') ? text.replace(/\+/g, ' ') : text);
}

/**
 * `v`, `api_token`, `exp`, `s` and `sig` out of a URL's query. A repeated key counts as absent, as it does for the
 * Fastify routes (the parsed query holds an array there, not a string).
 */
export function parseTileQuery(url: string): TileQuery {
  const found: Partial<Record<keyof TileQuery, string | null>> = {};
  const queryStart = url.indexOf('?');
  if (queryStart >= 0) {
    for (const pair of url.slice(queryStart + 1).split('&')) {
      const equals = pair.indexOf('=');
      const field = QUERY_KEYS.get(equals < 0 ? pair : pair.slice(0, equals));
      if (!field) continue;
      const value = equals < 0 ? '' : decodeQueryValue(pair.slice(equals + 1));
      found[field] = found[field] === undefined ? value : null;
    }
  }
  return {
    version: found.version ?? undefined,
    apiToken: found.apiToken ?? undefined,
    expires: found.expires ?? undefined,
    session: found.session ?? undefined,
    signature: found.signature ?? undefined,
  };
}

/**
 * The path of `/tiles/{space}/{date}/{z}/{x}/{y}.{png|webp}[?query]` read by hand (the tile path runs tens of
 * thousands of times a second: no router, no URL object). Null for any other URL, including tile-shaped ones
 * whose numbers aren't plain digits, whose date is no calendar date or whose tile lies outside its zoom.
 */
export function parseTilePath(url: string): TilePath | null {
  if (!url.startsWith(PREFIX)) return null;
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const parts = path.slice(PREFIX.length).split('/');
  if (parts.length !== 5) return null;
  const [rawSpace, rawDate, zText, xText, file] = parts as [string, string, string, string, string];
  const dot = file.lastIndexOf('.');
  const yText = file.slice(0, dot);
  const extension = file.slice(dot + 1);
  if (extension !== 'png' && extension !== 'webp') return null;
  if (!DIGITS.test(zText) || !DIGITS.test(xText) || !DIGITS.test(yText)) return null;
  const space = decode(rawSpace);
  const date = decode(rawDate);
  if (space === null || date === null || !isSceneKey(space, date)) return null;
  const [z, x, y] = [Number(zText), Number(xText), Number(yText)];
  if (!isTileOf(z, x, y)) return null;
  return { space, date, z, x, y, format: extension };
}

import { GIS_ITEMS_DEFAULT_LIMIT, GIS_ITEMS_MAX_LIMIT, isCalendarDate } from '@mirante/shared';
import { AppError } from '../../../http/app-error';

/** What `/items` was asked for: a WGS 84 box, a date interval (inclusive, either end open) and a page. */
export interface ItemsQuery {
  bbox: [number, number, number, number] | null;
  from: string | null;
  to: string | null;
  limit: number;
  offset: number;
}

const refuse = (message: string) => new AppError(422, 'GIS_BAD_REQUEST', message);

function parseBbox(text: string): [number, number, number, number] {
  const parts = text.split(',').map((part) => Number(part.trim()));
  const [west, south, east, north] = parts as [number, number, number, number];
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    west >= -180 &&
    east <= 180 &&
    south >= -90 &&
    north <= 90 &&
    south <= north;
  if (!valid)
    throw refuse('bbox inválido: use oeste,sul,leste,norte em graus (WGS 84), por exemplo -52,-24,-51,-23.');
  return [west, south, east, north];
}

/** A `datetime` end: a date or a date-time (its calendar date counts), `..` or empty for an open end. */
function parseInstant(text: string): string | null {
  if (text === '..' || text === '') return null;
  const date = text.slice(0, 10);
  if (!isCalendarDate(date) || (text.length > 10 && !/^T[\d:.]+(Z|[+-]\d\d:?\d\d)?$/.test(text.slice(10))))
    throw refuse(
      'datetime inválido: use uma data (AAAA-MM-DD), uma data e hora RFC 3339 ou um intervalo início/fim (".." para aberto).',
    );
  return date;
}

function parseCount(text: string | undefined, name: string, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < min)
    throw refuse(`${name} inválido: use um número inteiro a partir de ${min}.`);
  return Number(text);
}

export function parseItemsQuery(query: {
  bbox?: string;
  datetime?: string;
  limit?: string;
  offset?: string;
}): ItemsQuery {
  let from: string | null = null;
  let to: string | null = null;
  if (query.datetime !== undefined) {
    const ends = query.datetime.split('/');
    if (ends.length > 2) throw refuse('datetime inválido: no máximo um "/" entre o início e o fim.');
    from = parseInstant(ends[0]!);
    to = ends.length === 2 ? parseInstant(ends[1]!) : from;
    if (from !== null && to !== null && from > to)
      throw refuse('datetime inválido: o início é depois do fim.');
  }
  return {
    bbox: query.bbox === undefined ? null : parseBbox(query.bbox),
    from,
    to,
    // A limit above the maximum is served as the maximum (OGC API – Features Part 1, 7.15.3).
    limit: Math.min(parseCount(query.limit, 'limit', GIS_ITEMS_DEFAULT_LIMIT, 1), GIS_ITEMS_MAX_LIMIT),
    offset: parseCount(query.offset, 'offset', 0, 0),
  };
}

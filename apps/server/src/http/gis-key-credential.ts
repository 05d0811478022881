import type { FastifyRequest } from 'fastify';

/**
 * The GIS key of a request: the password of HTTP basic auth (QGIS's and GDAL's authentication; the user name is
 * ignored), else the one `?key=` of the query. Null when neither is there.
 */
export function gisKeyFromRequest(request: Pick<FastifyRequest, 'headers' | 'url'>): string | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice('Basic '.length).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    return password.length > 0 ? password : null;
  }
  const keys = new URL(request.url, 'http://x').searchParams.getAll('key');
  return keys.length === 1 && keys[0] ? keys[0] : null;
}

/** Sent with a refused GIS request, so that a client able to ask for a password (QGIS) asks for the key. */
export const GIS_AUTHENTICATE_CHALLENGE = 'Basic realm="Mirante GIS", charset="UTF-8"';

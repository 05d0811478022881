import type { FastifyInstance } from 'fastify';
import { baseMapOrigins } from '../base-maps';

/** The configured external base maps' hosts (README: BASEMAP_*), the only other origins the map may read. */
const BASE_MAP_ORIGINS = baseMapOrigins(process.env).join(' ');
const withBaseMaps = (directive: string) =>
  BASE_MAP_ORIGINS ? `${directive} ${BASE_MAP_ORIGINS}` : directive;

/**
 * Content-Security-Policy of the web app. MapLibre runs its worker from our own origin and makes blob: URLs
 * for images and workers; antd writes inline styles (CSS-in-JS); the 3D viewer reads textures from blob: and
 * data: URLs; base-map tiles and styles may come from the configured external servers. Everything else comes from
 * our origin: no inline script, no eval, no framing by other sites.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
  withBaseMaps("img-src 'self' data: blob:"),
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  withBaseMaps("connect-src 'self' blob: data:"),
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What a URL carrying `api_token` must not leak through the Referer header of what it loads. */
const TOKEN_IN_QUERY = /[?&]api_token=/;

function headersWith(referrerPolicy: string): readonly [string, string][] {
  return [
    ['content-security-policy', CONTENT_SECURITY_POLICY],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', referrerPolicy],
  ];
}

// Built once: every answer (a tile too) carries one of these two lists.
const PLAIN = headersWith('same-origin');
const WITH_TOKEN = headersWith('no-referrer');
const PLAIN_FLAT = PLAIN.flat();
const WITH_TOKEN_FLAT = WITH_TOKEN.flat();

/** The security headers of one answer, as [name, value] pairs. */
export function securityHeaders(url: string): readonly [string, string][] {
  return TOKEN_IN_QUERY.test(url) ? WITH_TOKEN : PLAIN;
}

/** The same headers as Node's flat `writeHead` list (name, value, name, value…), for the raw tile handler. */
export function flatSecurityHeaders(url: string): readonly string[] {
  return TOKEN_IN_QUERY.test(url) ? WITH_TOKEN_FLAT : PLAIN_FLAT;
}

/** Adds the security headers to every answer Fastify sends: API, SPA, static files and errors. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of securityHeaders(request.url)) void reply.header(name, value);
  });
}

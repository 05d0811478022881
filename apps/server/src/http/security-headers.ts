import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of the web app. MapLibre runs its worker from our own origin and makes blob: URLs
 * for images and workers; antd writes inline styles (CSS-in-JS); the 3D viewer reads textures from blob: and
 * data: URLs; base-map tiles and styles may come from the configured external servers (`baseMapOrigins`, from
 * BASEMAP_*). Everything else comes from our origin: no inline script, no eval, no framing by other sites.
 */
export function contentSecurityPolicy(baseMapOrigins: readonly string[]): string {
  const withBaseMaps = (directive: string) =>
    baseMapOrigins.length > 0 ? `${directive} ${baseMapOrigins.join(' ')}` : directive;
  return [
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
}

/** What a URL carrying `api_token` must not leak through the Referer header of what it loads. */
const TOKEN_IN_QUERY = /[?&]api_token=/;

export interface SecurityHeaders {
  /** The security headers of one answer, as [name, value] pairs. */
  of(url: string): readonly [string, string][];
  /** The same headers as Node's flat `writeHead` list (name, value, name, value…), for the raw tile handler. */
  flatOf(url: string): readonly string[];
}

/** The headers every answer carries, built once: each answer (a tile too) carries one of two lists. */
export function createSecurityHeaders(baseMapOrigins: readonly string[]): SecurityHeaders {
  const policy = contentSecurityPolicy(baseMapOrigins);
  const headersWith = (referrerPolicy: string): readonly [string, string][] => [
    ['content-security-policy', policy],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', referrerPolicy],
  ];
  const plain = headersWith('same-origin');
  const withToken = headersWith('no-referrer');
  const plainFlat = plain.flat();
  const withTokenFlat = withToken.flat();
  return {
    of: (url) => (TOKEN_IN_QUERY.test(url) ? withToken : plain),
    flatOf: (url) => (TOKEN_IN_QUERY.test(url) ? withTokenFlat : plainFlat),
  };
}

/** Adds the security headers to every answer Fastify sends: API, SPA, static files and errors. */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of headers.of(request.url)) void reply.header(name, value);
  });
}

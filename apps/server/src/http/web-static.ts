import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function hasWebApp(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

/**
 * Serves the built SPA. Files are looked up per request (a rebuild while running is picked up); paths that
 * are not files fall back to index.html in the not-found handler, so client routes work on reload. The build's
 * .br/.gz forms are sent to clients that take them (compressed once, at build time, at the best level).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

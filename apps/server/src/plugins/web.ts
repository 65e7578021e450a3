import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.js';

/** Files under /assets carry a content hash in their name: a new build never reuses a name. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so the browser asks again (a 304 when unchanged). */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * The built web app at `/` with SPA fallback: any GET outside /api that is not a file gets
 * index.html (routes live after the hash, but deep links and refreshes still land here).
 * The build writes `.br` and `.gz` next to each text file (apps/web/scripts/compress.mjs); they
 * are sent to clients whose Accept-Encoding allows them, with `Vary: Accept-Encoding`.
 */
export async function registerWeb(app: FastifyInstance) {
  const dist = app.ctx.config.webDist;
  const hasWeb = existsSync(join(dist, 'index.html'));
  const assetsDir = join(dist, 'assets');
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', dirname(path) === assetsDir ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL);
      },
    });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      // A chunk of an older build: a 404, not the page, so the browser reports a failed load.
      path.startsWith('/assets/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    )
      return sendError(reply, 'NOT_FOUND');
    if (!hasWeb)
      return reply
        .type('text/plain; charset=utf-8')
        .send('Teamline API is running. The web app is not built yet: run `npm run build`, then restart.');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}

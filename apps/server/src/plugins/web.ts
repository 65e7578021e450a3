import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.js';

/**
 * The built web app at `/` with SPA fallback: any GET outside /api that is not a file gets
 * index.html (routes live after the hash, but deep links and refreshes still land here).
 */
export async function registerWeb(app: FastifyInstance) {
  const dist = app.ctx.config.webDist;
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: true, index: ['index.html'] });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
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

import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (web app and API alike). The built index.html has no
 * inline script (Vite emits module files), so scripts come from the app's origin only, with no
 * inline script and no eval; the web app runs zod jitless for that reason. Inline styles stay
 * allowed: React and the drag-and-drop library set style attributes, which cannot carry script.
 * Images may come from any https address (link previews show other sites' images).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only when the request came over https (directly, or through a trusted proxy): sent over
    // plain http it would be ignored by browsers and misleads anyone reading the headers.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

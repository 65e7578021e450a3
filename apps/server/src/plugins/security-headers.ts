import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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

const helmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only when the request came over https (directly, or through a trusted proxy): sent over
  // plain http it would be ignored by browsers and misleads anyone reading the headers.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The headers helmet sets with these options, worked out once: they do not depend on the request.
 * (`@fastify/helmet` built helmet's middlewares again on every request, parsing the CSP each time:
 * about a tenth of an authenticated light read's CPU, docs/decisions.md "Performance".)
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

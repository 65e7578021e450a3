import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.js';

/** The first path (`body.title`, `query.memberId`, `body.career.0`) holding a NUL, in a value or a key. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A safety net behind the contract's text rules: PostgreSQL cannot store NUL in text, so a NUL in any
 * parameter, query value or body string (including fields a schema takes as free text, such as
 * tokens and passwords) is answered 400 VALIDATION_FAILED before a handler can pass it to the database.
 */
export function registerInputGuard(api: FastifyInstance) {
  api.addHook('preValidation', async (request, reply) => {
    const at =
      findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (!at) return;
    const field = at.replace(/^(params|query|body)\./, '');
    return sendError(reply, 'VALIDATION_FAILED', { fieldErrors: { [field]: 'controlCharacters' } });
  });
}

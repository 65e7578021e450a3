import { wellFormedPattern } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.js';

/** What is wrong with a text, as the `validation.<key>` a form shows; null when nothing is. */
function textProblem(text: string): 'controlCharacters' | 'brokenCharacters' | null {
  if (text.includes('\u0000')) return 'controlCharacters';
  if (!wellFormedPattern.test(text)) return 'brokenCharacters';
  return null;
}

/** The first path (`body.title`, `query.memberId`, `body.career.0`) holding a bad text, in a value or a key. */
function findBadText(
  value: unknown,
  path: string,
  depth = 0,
): { at: string; problem: 'controlCharacters' | 'brokenCharacters' } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { at: path, problem } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    const problem = textProblem(key);
    if (problem) return { at, problem };
    const found = findBadText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A safety net behind the contract's text rules, for every field including those a schema takes as
 * free text (tokens, passwords, the editor's JSON): PostgreSQL cannot store NUL in text, and a lone
 * UTF-16 surrogate (`"\ud800"`) has no UTF-8 form, so the driver would store U+FFFD in its place (a
 * silent change) or a `jsonb` column would refuse it (a 500). Either in a parameter, query value or
 * body string is answered 400 VALIDATION_FAILED before a handler sees it.
 */
export function registerInputGuard(api: FastifyInstance) {
  api.addHook('preValidation', async (request, reply) => {
    const found =
      findBadText(request.params, 'params') ??
      findBadText(request.query, 'query') ??
      findBadText(request.body, 'body');
    if (!found) return;
    const field = found.at.replace(/^(params|query|body)\./, '');
    return sendError(reply, 'VALIDATION_FAILED', { fieldErrors: { [field]: found.problem } });
  });
}

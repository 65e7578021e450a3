import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRequest, outsideRequest, registerRequestContext } from './request-context.js';

/** A port of this worktree's range (docs: HELPERS "your port range"). */
const PORT = 8243;

/**
 * The request context over a real connection: a JSON body is parsed from the socket's own events, so
 * without the re-entry at preValidation the handler would see no request (inject() does not show it).
 */
describe('request context', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerRequestContext(app);
    app.addHook('preHandler', async (request) => {
      request.actor = { memberIdx: 7, familyId: 'f' };
    });
    app.post('/echo', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { seen: currentRequest(), outside: outsideRequest(() => currentRequest()) };
    });
    await app.listen({ port: PORT, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a handler of a POST with a body sees the address, browser and actor of its own request', async () => {
    const results = await Promise.all(
      ['first/1.0', 'second/2.0'].map(async (agent) => {
        const res = await fetch(`http://127.0.0.1:${PORT}/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': agent },
          body: JSON.stringify({ big: 'x'.repeat(200_000) }),
        });
        return { agent, body: (await res.json()) as { seen: unknown; outside: unknown } };
      }),
    );
    for (const { agent, body } of results) {
      expect(body.seen).toEqual({ ip: '127.0.0.1', userAgent: agent, actorIdx: 7 });
      expect(body.outside).toEqual({ ip: null, userAgent: null, actorIdx: null });
    }
    expect(currentRequest()).toEqual({ ip: null, userAgent: null, actorIdx: null });
  });
});

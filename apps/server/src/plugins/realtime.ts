import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { ProjectEvent } from '../infra/pubsub.js';
import { defineModule } from '../platform/module.js';

/**
 * `GET /api/ws?key=<access key>`: JSON events `{type, projectIdx, payload}` of the projects the user
 * belongs to. Each instance keeps its own sockets; the bus (in-process or Redis) brings every change
 * to every instance, which asks the database once per event who may receive it.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  const sockets = new Map<WebSocket, { memberIdx: number; familyId: string }>();

  const unsubscribe = app.ctx.pubsub.subscribe((event: ProjectEvent) => {
    if (sockets.size === 0) return;
    void app.services.membershipRepo
      .activeMemberIdxs(event.projectIdx)
      .then((memberIdxs) => {
        const allowed = new Set(memberIdxs);
        const message = JSON.stringify(event);
        for (const [socket, owner] of sockets) {
          if (allowed.has(owner.memberIdx) && socket.readyState === socket.OPEN) socket.send(message);
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'realtime fan-out failed'));
  });
  // A socket outlives its access key (keys last 30 minutes), but not its login: logout, a reused
  // refresh token, a password reset or a withdrawal revoke the family and close its sockets here.
  const sweep = setInterval(() => {
    const families = [...new Set([...sockets.values()].map((s) => s.familyId))];
    if (families.length === 0) return;
    void app.services.auth
      .revokedAmong(families)
      .then((revoked) => {
        const gone = new Set(revoked);
        for (const [socket, owner] of sockets)
          if (gone.has(owner.familyId)) socket.close(4401, 'UNAUTHENTICATED');
      })
      .catch((err: unknown) => app.log.error({ err }, 'realtime session sweep failed'));
  }, app.ctx.config.realtimeSweepMs);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    unsubscribe();
    for (const socket of sockets.keys()) socket.close(1001, 'server shutting down');
  });

  app.get(
    '/ws',
    {
      websocket: true,
      config: { public: true },
      schema: {
        tags: ['realtime'],
        description:
          'WebSocket; authenticate with `?key=<access key>`. Closes with 4401 when the key is invalid.',
        querystring: z.object({ key: z.string().optional() }),
      },
    },
    async (socket, request) => {
      const { key } = request.query as { key?: string };
      const actor = await app.services.auth.authenticate(key);
      if (!actor) {
        socket.close(4401, 'UNAUTHENTICATED');
        return;
      }
      sockets.set(socket, actor);
      socket.on('close', () => sockets.delete(socket));
      socket.send(JSON.stringify({ type: 'ready', projectIdx: 0, payload: { memberIdx: actor.memberIdx } }));
    },
  );
}

/**
 * Committed domain events go out on the bus as `{type, projectIdx, payload, eventIdx}`; every instance
 * pushes them to the sockets of the project's members. A redelivered event is pushed again, which
 * the web app absorbs (it patches or refetches; both are idempotent).
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  routes: realtimeRoutes,
  consumers: ({ ctx }) => [
    {
      name: 'realtime',
      events: 'all',
      handle: (event) =>
        ctx.pubsub.publish({
          type: event.name,
          projectIdx: event.projectIdx,
          payload: event.payload,
          eventIdx: event.eventIdx,
        }),
    },
  ],
});

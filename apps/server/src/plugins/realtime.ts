import { apiPaths } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { ProjectEvent } from '../infra/pubsub.js';
import { defineModule } from '../platform/module.js';
import { wsText } from '../shared/ws-text.js';
import { readRuleOf } from './realtime-audience.js';

/** A socket that has not sent `{type:'auth', key}` by then is closed with 4401. */
export const SOCKET_AUTH_TIMEOUT_MS = 5000;

/**
 * `GET /api/ws`, then a first message `{type:'auth', key:<access key>}` (the key never travels in
 * the URL, which proxies and access logs keep): JSON events `{type, projectIdx, payload}` of the projects the user
 * belongs to, each only to those who may read its record (realtime-audience.ts). Each instance keeps its own sockets; the bus (in-process or Redis) brings every change
 * to every instance, which asks the database once per event who may receive it.
 */
const authMessage = z.object({ type: z.literal('auth'), key: z.string().min(1).max(200) });
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function realtimeRoutes(app: FastifyInstance) {
  const sockets = new Map<WebSocket, { memberIdx: number; familyId: string }>();

  /**
   * The accounts that may receive a project event: its active members, those the read rule of the
   * event's record admits (realtime-audience.ts), as `GET` of that record would answer them.
   */
  async function audienceOf(event: ProjectEvent): Promise<Set<number>> {
    const { membershipRepo, authz } = app.services;
    const members = await membershipRepo.activeRecords(event.projectIdx);
    const rule = readRuleOf(event.type, event.projectIdx, event.payload);
    if (!rule) return new Set(members.map((m) => m.memberIdx));
    const records = rule.owners.length ? await membershipRepo.findRecords(event.projectIdx, rule.owners) : [];
    const target = rule.target?.(records);
    return new Set(members.filter((m) => authz.allows(m, rule.action, target)).map((m) => m.memberIdx));
  }

  const unsubscribe = app.ctx.pubsub.subscribe((event: ProjectEvent) => {
    if (sockets.size === 0 || event.internal) return;
    if (event.memberIdx !== undefined) {
      const message = JSON.stringify(event);
      for (const [socket, owner] of sockets)
        if (owner.memberIdx === event.memberIdx && socket.readyState === socket.OPEN) socket.send(message);
      return;
    }
    void audienceOf(event)
      .then((allowed) => {
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
    apiPaths.ws,
    {
      websocket: true,
      config: { policy: 'public' },
      schema: {
        tags: ['realtime'],
        description:
          'WebSocket; the first message must be `{"type":"auth","key":"<access key>"}` within 5 s. ' +
          'Closes with 4401 when it is missing or the key is invalid.',
      },
    },
    (socket) => {
      const timer = setTimeout(() => socket.close(4401, 'UNAUTHENTICATED'), SOCKET_AUTH_TIMEOUT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        sockets.delete(socket);
      });
      socket.once('message', (raw) => {
        clearTimeout(timer);
        const parsed = authMessage.safeParse(parseJson(wsText(raw)));
        void app.services.auth
          .authenticate(parsed.success ? parsed.data.key : null)
          .then((actor) => {
            if (socket.readyState !== socket.OPEN) return;
            if (!actor) return socket.close(4401, 'UNAUTHENTICATED');
            sockets.set(socket, actor);
            socket.send(
              JSON.stringify({ type: 'ready', projectIdx: 0, payload: { memberIdx: actor.memberIdx } }),
            );
          })
          .catch((err: unknown) => {
            app.log.error({ err }, 'realtime authentication failed');
            socket.close(1011, 'server error');
          });
      });
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

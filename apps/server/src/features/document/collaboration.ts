import { Redis as RedisSync } from '@hocuspocus/extension-redis';
import { Hocuspocus } from '@hocuspocus/server';
import { apiPaths } from '@teamline/contract';
import { prosemirrorJSONToYDoc, prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import type { FastifyInstance } from 'fastify';
import IORedis from 'ioredis';
import * as Y from 'yjs';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { repairedContent } from './content-rules.js';
import { COLLAB_FIELD, editorSchema } from './editor-schema.js';
import { cleanLive, encodedState as encoded } from './live-content.js';

/** Hocuspocus names a document `document:{documentIdx}`. */
const nameOf = (documentIdx: number) => `document:${documentIdx}`;
const documentIdxOf = (name: string) => {
  const m = /^document:(\d{1,10})$/.exec(name);
  if (!m) throw new Error('DOCUMENT_NOT_FOUND');
  return Number(m[1]);
};

/**
 * Live co-editing (issue 15): `GET /api/document/collab` is a WebSocket speaking the Hocuspocus
 * (Yjs) protocol. The access key is the Hocuspocus token; a caller who may only view gets a
 * read-only connection, anyone else who may not see the document is refused. The first connection
 * loads the stored Yjs state, or builds it from the stored editor JSON; changes are stored (debounced)
 * as Yjs state plus the editor JSON, text and a new version, so lists, search, exports and public
 * links follow what was typed live. With REDIS_URL, the instances that hold one document live keep
 * it in step through Redis (Hocuspocus's Redis extension), so a load balancer may send the people
 * editing it to different instances (docs/decisions.md).
 */
export async function collaborationRoutes(app: FastifyInstance) {
  const { documents, auth } = app.services;
  const { redisUrl, pubsubChannel } = app.ctx.config;
  const redis = redisUrl ? new IORedis(redisUrl, { maxRetriesPerRequest: 3 }) : null;
  const hocuspocus = new Hocuspocus({
    name: 'teamline-documents',
    quiet: true,
    extensions: redis ? [new RedisSync({ redis, prefix: `${pubsubChannel}:collab` })] : [],
    debounce: 1_500,
    maxDebounce: 8_000,
    async onAuthenticate({ token, documentName, connectionConfig }) {
      const actor = await auth.authenticate(token);
      if (!actor) throw new Error('UNAUTHENTICATED');
      const can = await documents.collabAccess(actor, documentIdxOf(documentName));
      connectionConfig.readOnly = !can.edit;
      return { actor };
    },
    async onLoadDocument({ documentName, document }) {
      const documentIdx = documentIdxOf(documentName);
      const stored = await documents.collabState(documentIdx);
      if (stored.ydoc) {
        Y.applyUpdate(document, Buffer.from(stored.ydoc, 'base64'));
        // A state stored before the content rules: cleaned before anyone receives it, and kept so.
        const cleaned = cleanLive(document);
        if (cleaned.changed)
          await documents.replaceCleanContent(documentIdx, stored.version, {
            content: cleaned.content,
            ydoc: encoded(document),
          });
      } else {
        // The JSON of a document stored before the content rules may hold what they take out.
        const cleaned = repairedContent(stored.content);
        const seeded = Y.encodeStateAsUpdate(
          prosemirrorJSONToYDoc(editorSchema(), cleaned.content, COLLAB_FIELD),
        );
        // Kept, so the next opening decodes it (fast) instead of building it from the JSON again.
        const kept = await documents.seedCollabState(
          documentIdx,
          stored.version,
          Buffer.from(seeded).toString('base64'),
        );
        // Another instance seeded it at the same moment: take theirs, or the two would hold the same
        // text as different Yjs items and double it once they sync.
        const theirs = kept ? null : (await documents.collabState(documentIdx)).ydoc;
        if (kept && cleaned.changed)
          await documents.replaceCleanContent(documentIdx, stored.version, {
            content: cleaned.content,
            ydoc: Buffer.from(seeded).toString('base64'),
          });
        Y.applyUpdate(document, theirs ? Buffer.from(theirs, 'base64') : seeded);
      }
      return document;
    },
    async onStoreDocument({ documentName, document, context }) {
      const { actor, server } = context as { actor?: Actor; server?: boolean };
      const { content } = cleanLive(document);
      const ydoc = encoded(document);
      const documentIdx = documentIdxOf(documentName);
      try {
        if (server) await documents.saveCollabState(documentIdx, ydoc);
        else if (actor) await documents.saveCollab(actor, documentIdx, { ydoc, content });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Over the size bound: nothing is stored until it is shorter again; the editors are told
        // (a Hocuspocus stateless message, `{"error":"DOCUMENT_TOO_LARGE"}`).
        if (error.code === 'DOCUMENT_TOO_LARGE')
          document.broadcastStateless(JSON.stringify({ error: error.code }));
        // Deleted meanwhile, or the writer's share taken away (its connections are being closed):
        // nowhere, or nobody, to store it for.
        else if (error.code !== 'DOCUMENT_NOT_FOUND' && error.code !== 'DOCUMENT_NO_ACCESS') throw error;
      }
    },
  });

  documents.attachLiveSessions({
    /** A REST save of the content while people edit live: it becomes the live content (a diff). */
    async contentReplaced(documentIdx, content) {
      if (hocuspocus.documents.has(nameOf(documentIdx))) {
        const direct = await hocuspocus.openDirectConnection(nameOf(documentIdx), { server: true });
        try {
          await direct.transact((doc) =>
            prosemirrorJSONToYXmlFragment(editorSchema(), content, doc.getXmlFragment(COLLAB_FIELD)),
          );
        } finally {
          await direct.disconnect();
        }
        return;
      }
      // Not open here, maybe on another instance: loading it here (the stored state already holds
      // the save) and syncing through Redis hands the save to the editors there.
      if (redis) {
        const direct = await hocuspocus.openDirectConnection(nameOf(documentIdx), { server: true });
        await direct.disconnect();
      }
    },
    /**
     * Shares, visibility or a delete changed: the sockets editing it are closed, so each provider
     * reconnects and authenticates again (now read-only, or refused). Closing only the document's
     * connection would leave the provider unsynced without asking again.
     */
    isOpen(documentIdx) {
      return hocuspocus.documents.has(nameOf(documentIdx));
    },
    accessChanged(documentIdx) {
      hocuspocus.documents
        .get(nameOf(documentIdx))
        ?.connections.forEach(({ connection }) => connection.webSocket.close(4205, 'Reset Connection'));
    },
  });

  /**
   * A connection outlives its access key and the rights it was opened with. Like `/api/ws`, a sweep
   * closes the sockets whose login was revoked (logout, password reset, withdrawal), and those whose
   * right changed without a share or delete here (removed from the project, another role): their
   * provider reconnects and is refused, or gets the scope it now has.
   */
  async function sweepConnections() {
    const open = [...hocuspocus.documents.values()].flatMap((document) =>
      [...document.connections.values()].map(({ connection }) => ({
        documentIdx: documentIdxOf(document.name),
        connection,
        actor: (connection.context as { actor: Actor }).actor,
      })),
    );
    if (open.length === 0) return;
    const revoked = new Set(await auth.revokedAmong([...new Set(open.map((o) => o.actor.familyId))]));
    for (const { documentIdx, connection, actor } of open) {
      if (revoked.has(actor.familyId)) {
        connection.webSocket.close(4401, 'UNAUTHENTICATED');
        continue;
      }
      const can = await documents.collabAccess(actor, documentIdx).catch(() => null);
      if (!can || can.edit === connection.readOnly) connection.webSocket.close(4205, 'Reset Connection');
    }
  }
  const sweep = setInterval(() => {
    sweepConnections().catch((err: unknown) => app.log.error({ err }, 'co-editing sweep failed'));
  }, app.ctx.config.realtimeSweepMs);
  sweep.unref();

  // Live co-editing: a WebSocket whose Hocuspocus token is the access key (checked per document).
  app.get(
    apiPaths.documentCollab,
    {
      websocket: true,
      config: { policy: 'public' },
      schema: {
        tags: ['document'],
        description:
          'WebSocket, Hocuspocus (Yjs) protocol; document name `document:{documentIdx}`, token = access key.',
      },
    },
    (socket, request) => hocuspocus.handleConnection(socket, request.raw),
  );
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    hocuspocus.closeConnections();
    await Promise.all(
      // Hocuspocus's own debounce id of a pending store: sent now, not lost with the process.
      [...hocuspocus.documents.keys()].map(
        (name) => hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`) as Promise<unknown>,
      ),
    ).catch(() => undefined);
    if (redis) {
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
      redis.disconnect();
    }
  });
}

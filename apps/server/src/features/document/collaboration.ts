import { Hocuspocus } from '@hocuspocus/server';
import type { EditorNode } from '@teamline/contract';
import {
  prosemirrorJSONToYDoc,
  prosemirrorJSONToYXmlFragment,
  yDocToProsemirrorJSON,
} from '@tiptap/y-tiptap';
import type { FastifyInstance } from 'fastify';
import * as Y from 'yjs';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { COLLAB_FIELD, editorSchema } from './editor-schema.js';

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
 * links follow what was typed live. One instance holds a document's live state (docs/decisions.md).
 */
export async function collaborationRoutes(app: FastifyInstance) {
  const { documents, auth } = app.services;
  const hocuspocus = new Hocuspocus({
    name: 'teamline-documents',
    quiet: true,
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
      const stored = await documents.collabState(documentIdxOf(documentName));
      if (stored.ydoc) Y.applyUpdate(document, Buffer.from(stored.ydoc, 'base64'));
      else {
        const seeded = prosemirrorJSONToYDoc(editorSchema(), stored.content, COLLAB_FIELD);
        Y.applyUpdate(document, Y.encodeStateAsUpdate(seeded));
      }
      return document;
    },
    async onStoreDocument({ documentName, document, context }) {
      const { actor, server } = context as { actor?: Actor; server?: boolean };
      const ydoc = Buffer.from(Y.encodeStateAsUpdate(document)).toString('base64');
      const documentIdx = documentIdxOf(documentName);
      try {
        if (server) await documents.saveCollabState(documentIdx, ydoc);
        else if (actor)
          await documents.saveCollab(actor, documentIdx, {
            ydoc,
            content: yDocToProsemirrorJSON(document, COLLAB_FIELD) as EditorNode,
          });
      } catch (error) {
        // Deleted meanwhile (its connections are being closed): nothing left to store it in.
        if (!(error instanceof AppError && error.code === 'DOCUMENT_NOT_FOUND')) throw error;
      }
    },
  });

  documents.attachLiveSessions({
    /** A REST save of the content while people edit live: it becomes the live content (a diff). */
    async contentReplaced(documentIdx, content) {
      if (!hocuspocus.documents.has(nameOf(documentIdx))) return;
      const direct = await hocuspocus.openDirectConnection(nameOf(documentIdx), { server: true });
      try {
        await direct.transact((doc) =>
          prosemirrorJSONToYXmlFragment(editorSchema(), content, doc.getXmlFragment(COLLAB_FIELD)),
        );
      } finally {
        await direct.disconnect();
      }
    },
    /**
     * Shares, visibility or a delete changed: the sockets editing it are closed, so each provider
     * reconnects and authenticates again (now read-only, or refused). Closing only the document's
     * connection would leave the provider unsynced without asking again.
     */
    accessChanged(documentIdx) {
      hocuspocus.documents
        .get(nameOf(documentIdx))
        ?.connections.forEach(({ connection }) => connection.webSocket.close(4205, 'Reset Connection'));
    },
  });

  app.get(
    '/document/collab',
    {
      websocket: true,
      config: { public: true },
      schema: {
        tags: ['document'],
        description:
          'WebSocket, Hocuspocus (Yjs) protocol; document name `document:{documentIdx}`, token = access key.',
      },
    },
    (socket, request) => hocuspocus.handleConnection(socket, request.raw),
  );
  app.addHook('onClose', async () => {
    hocuspocus.closeConnections();
    await Promise.all(
      // Hocuspocus's own debounce id of a pending store: sent now, not lost with the process.
      [...hocuspocus.documents.keys()].map(
        (name) => hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`) as Promise<unknown>,
      ),
    ).catch(() => undefined);
  });
}
